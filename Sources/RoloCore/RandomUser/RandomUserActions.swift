/// randomuser's set-title, as rolo ships it: a declared action of the local kind, which sets the
/// list's title from the person and sends nothing.
extension RandomUserSource {
    /// The `[[actions]]` rolo adds after the user's for randomuser.
    static let actionsDefinition = """
        [[actions]]
        source = "randomuser"
        name = "set-title"
        key = "t"
        title = "Make this person's name the list's title"
        set_title = "{first_name} {last_name}"
        """

    public static let shippedActions = ShippedActions.read(actionsDefinition, source: id)
}
