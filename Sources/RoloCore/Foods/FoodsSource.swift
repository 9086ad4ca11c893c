import Foundation

/// OpenFoods: its setting, its dump and its place on the stand-in.
public enum FoodsSource: SourceDefinition {
    public static let id = SourceID(rawValue: "foods")
    public static let summary = "the foods of an OpenFoods user, with likes"
    public static let settings: [Setting] = [.foodsURL]
    public static var dumpFields: [String] { DumpSchemas.foods.names }
    /// What the tab and the dump say when no server is set.
    public static let unconfigured = "Set the foods server: --foods-url https://HOST/api/v1/USERID, ROLO_FOODS_URL, or foods-url in the config file"

    public static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings.foodsURL = server.appendingPathComponent("foods/api/v1/demo")
    }

    public static func dump(_ context: DumpContext) async throws {
        let settings = context.settings
        let client = settings.foodsURL.map { FoodsClient(baseURL: $0, http: context.http, timeout: settings.timeout) }
        try await context.runner.foods(client, unconfigured: unconfigured, to: context.sink)
    }
}

extension Setting {
    /// The OpenFoods base URL, `.../api/v1/<userId>`.
    public static let foodsURL = Setting(
        "foods-url", kind: .url, example: "https://example.com/api/v1/<userId>",
        help: "Base URL of the OpenFoods API for one user: https://HOST/api/v1/USERID.", valueName: "url")
}

extension Settings {
    /// The OpenFoods base URL; none by default, so the tab says what to set.
    public var foodsURL: URL? {
        get { self[url: .foodsURL] }
        set { self[url: .foodsURL] = newValue }
    }
}
