import Foundation
import RoloCore

/// Liking: the optimistic flip, the serialised PUTs and the flash; the rules are ``OptimisticLedger``'s.
extension FoodsViewModel {
    /// How long a row stays highlighted after its like changed.
    static let flashDuration = Duration.milliseconds(600)

    public var offeredActions: Set<CapabilityAction> { service == nil ? [] : [.like] }

    public func isAvailable(_ action: CapabilityAction) -> Bool {
        action == .like && service != nil && confirmed != nil
    }

    public func perform(_ action: CapabilityAction, on rowID: String?) {
        guard action == .like, service != nil, let rowID, let food = food(withID: rowID) else { return }
        let send = likes.press(rowID, wanting: !likes.shown(rowID, confirmed: food.isLiked))
        flash(rowID)
        rebuildEntries()
        onEvent(.changed)
        if let send { put(send, foodID: rowID) }
    }

    /// Sends one PUT; its answer decides the next step (another PUT, or a reload).
    private func put(_ liked: Bool, foodID: String) {
        guard let service else { return }
        busy.task { [weak self] in
            let failure: FetchError?
            do {
                try await service.setLiked(liked, foodID: foodID)
                failure = nil
            } catch {
                failure = FetchError.wrap(error)
            }
            self?.putAnswered(liked, foodID: foodID, failure: failure)
        }
    }

    private func putAnswered(_ liked: Bool, foodID: String, failure: FetchError?) {
        if failure == nil { setConfirmed(liked, foodID: foodID) }
        let confirmedNow = food(withID: foodID)?.isLiked ?? liked
        let next = likes.finished(foodID, succeeded: failure == nil, confirmed: confirmedNow)
        if let failure {
            logger.warning("\(liked ? "like" : "unlike") of food \(foodID) failed: \(failure.detail)")
            onEvent(.banner(failure.message, isError: true))
            flash(foodID)
        }
        rebuildEntries()
        onEvent(.changed)
        switch next {
        case .send(let value): put(value, foodID: foodID)
        case .reload: refresh()
        }
    }

    /// Records what the server has just saved, so the list shows it until the next answer.
    private func setConfirmed(_ liked: Bool, foodID: String) {
        guard let index = prepared.layout.position(ofRowID: foodID), index < confirmed?.count ?? 0 else { return }
        confirmed?[index].isLiked = liked
    }

    /// Highlights a row briefly; a newer flash isn't cut short by an older one's end.
    private func flash(_ rowID: String) {
        flashToken += 1
        let token = flashToken
        likeFlashingRowID = rowID
        let clock = self.clock
        busy.task { [weak self] in
            try? await clock.sleep(for: Self.flashDuration)
            guard let self, self.flashToken == token else { return }
            self.likeFlashingRowID = nil
            self.onEvent(.changed)
        }
    }
}
