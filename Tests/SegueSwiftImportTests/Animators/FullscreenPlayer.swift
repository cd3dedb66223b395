import UIKit

/// Lifts the list's video player into a transparent full-screen controller without moving it,
/// then darkens the background. Depends on the app's classes (a player list inside a navigation
/// controller, a full-screen controller that keeps the player), as such animators do.
final class PlayerPresentTransition: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let navigation = transitionContext.viewController(forKey: .from) as? UINavigationController,
              let listVC = navigation.topViewController as? PlayerListViewController,
              let fullscreenVC = transitionContext.viewController(forKey: .to) as? FullscreenPlayerViewController,
              let player = listVC.playerView,
              let playerHost = player.superview else {
            transitionContext.completeTransition(false)
            return
        }
        let startFrame = fullscreenVC.view.convert(player.frame, from: playerHost)
        fullscreenVC.keep(player: player, host: playerHost, frame: startFrame)

        transitionContext.containerView.addSubview(fullscreenVC.view)
        fullscreenVC.view.addSubview(player)
        player.frame = startFrame

        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            fullscreenVC.view.backgroundColor = .black
        }, completion: { _ in
            transitionContext.completeTransition(true)
            fullscreenVC.enterLandscape()
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
