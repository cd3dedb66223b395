//
//  Created by Jake Lin on 2/23/16.
//  Copyright © 2016 IBAnimatable. All rights reserved.
//

import Foundation

public typealias AnimatableCompletion = () -> Void
public typealias AnimatableExecution = () -> Void
public typealias Duration = TimeInterval
