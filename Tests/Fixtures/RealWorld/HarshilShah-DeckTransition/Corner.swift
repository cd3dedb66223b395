//
//  Corner.swift
//  DeckTransition
//
//  Created by Harshil Shah on 17/09/17.
//  Copyright © 2017 Harshil Shah. All rights reserved.
//

/// A simple enum used to refer to a `CGRect`'s corner
enum Corner {
    case topLeft
    case topRight
    case bottomRight
    case bottomLeft
}
