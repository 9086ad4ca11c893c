extension StoreError {
    /// Pipedrive's organisation and user names weren't saved; the stored ones stay.
    static func cantSaveNames(reason: String) -> StoreError {
        StoreError(description: "Pipedrive's organisation and owner names weren't saved: \(reason)")
    }

    /// The stored organisation and user names can't be read.
    static func cantReadNames(reason: String) -> StoreError {
        StoreError(description: "The stored Pipedrive organisation and owner names can't be read: \(reason)")
    }
}
