import RoloCore

/// Calls `failed` on the main actor if `database` turns out not to open: a launch's database
/// opens beside the first frame (``RoloDatabase/init(openingIn:)``), so a view-model given one
/// learns only then that its persons are kept in memory for the run, and says "not saved".
/// The wait is one of `busy`'s jobs, so rolo isn't idle until the database has opened or failed.
@MainActor
func whenNotSaved(_ database: RoloDatabase?, busy: BusyTracker, _ failed: @escaping @MainActor () -> Void) {
    guard let database else { return }
    if database.isOpenOver {
        if database.hasFailed { failed() }
        return
    }
    busy.task {
        if await database.openFailure() != nil { failed() }
    }
}
