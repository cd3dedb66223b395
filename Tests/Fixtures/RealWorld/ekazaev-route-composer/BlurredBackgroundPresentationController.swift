//
// RouteComposer
// BlurredBackgroundPresentationController.swift
// https://github.com/ekazaev/route-composer
//
// Created by Eugene Kazaev in 2018-2026.
// Distributed under the MIT license.
//
// Become a sponsor:
// https://github.com/sponsors/ekazaev
//

import Foundation
import UIKit

class BlurredBackgroundPresentationController: UIPresentationController {

    override var shouldRemovePresentersView: Bool {
        true
    }

}
