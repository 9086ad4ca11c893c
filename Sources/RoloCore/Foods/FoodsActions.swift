/// Foods' like and unlike, as rolo ships them: two declared actions on one key, whichever
/// applies to the food. The row shows the new like at once (`optimistic`), the server's answer
/// decides: `{"error": "…"}` in any status and `{"success": false}` are failures.
extension FoodsSource {
    /// The `[[actions]]` rolo adds after the user's for foods. A relative `url` is under the
    /// user's `…/api/v1/USERID/`.
    static let actionsDefinition = """
        [[actions]]
        source = "foods"
        name = "like"
        key = "l"
        title = "Like or unlike the selected food"
        when = "! liked"
        method = "PUT"
        url = "food/{id}/like"
        error = "error"
        success = "success"
        optimistic = { liked = true }

        [[actions]]
        source = "foods"
        name = "unlike"
        key = "l"
        title = "Like or unlike the selected food"
        when = "liked"
        method = "PUT"
        url = "food/{id}/unlike"
        error = "error"
        success = "success"
        optimistic = { liked = false }
        """

    public static let shippedActions = ShippedActions.read(actionsDefinition, source: id)
}
