import Foundation
import RoloCore

/// The configured sources the engine's targets run on: one of every paging style, with total,
/// more and pages fields and `header:` fields, written as TOML a user would write and read by
/// the config file's reader (``SettingsLoader``), so a target runs what the app runs.
enum EngineDefinitions {
    /// Every source of ``toml``, read once.
    static let sources: [RecordSource] = {
        do {
            return try readConfig(toml).configuredSources.sources
        } catch {
            FileHandle.standardError.write(Data("rolo-fuzz: the engine's definitions don't read: \(error)\n".utf8))
            exit(2)
        }
    }()

    /// The settings `text`, a config file, gives: read by the app's reader from a private file
    /// (0600, as a config holding a secret must be) in a folder of this process's own.
    static func readConfig(_ text: String) throws -> Settings {
        let path = folder + "/config.toml"
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw ConfigError("rolo-fuzz can't write \(path)") }
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return try SettingsLoader.load(options: [:], environment: environment, configFile: path, sources: catalog)
    }

    /// The built-in sources, read once: reading them (their shipped definitions and actions)
    /// for every case would be most of a case's time.
    static let catalog = SourceRegistry.catalog()

    /// The environment configs are read in: the folder as home, and the variables the
    /// definitions and seeds name.
    static let environment = [
        "HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
        "XDG_CACHE_HOME": folder + "/cache", "API_TOKEN": "token-1234", "GITHUB_TOKEN": "token-5678",
    ]

    /// This process's folder for the config file.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "rolo-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The definitions: page (a total in the body, the pages in a header), offset (a total in a
    /// header, a more flag), cursor (from the body, from the last record, from a header),
    /// link (rel="next" and rel="last"), next-url (a quoted key with a dot), page by a next
    /// page header, and one request; an error path and lookups' labels and columns beside.
    static let toml = #"""
        [[sources]]
        name = "paged"
        url = "https://api.example.com/people"
        records = "data"
        label = "{name.first} {name.last}"
        columns = [{ title = "City", value = "{address.city}", width = 12 }, { title = "Tags", value = "{tags.*.name}" }]
        group = "{department}"
        sort = "{name.last}"
        fields = ["email", "address.city", "tags.-1.name"]
        error = "error.message"
        [sources.paging]
        style = "page"
        size_param = "per_page"
        size = 20
        total = "meta.total"
        pages = "header:X-Total-Pages"

        [[sources]]
        name = "offsets"
        url = "https://api.example.com/items?sort=id"
        records = "results"
        id = "data.id"
        label = "{data.title}"
        columns = [{ title = "Kind", value = "{kind}" }]
        [sources.paging]
        style = "offset"
        param = "skip"
        size_param = "limit"
        size = 25
        total = "header:X-Total-Count"
        more = "has_more"

        [[sources]]
        name = "cursors"
        url = "https://slack.example.com/api/users.list"
        records = "members"
        label = "{real_name}"
        error = "error"
        [sources.paging]
        style = "cursor"
        param = "cursor"
        next = "response_metadata.next_cursor"
        more = "ok"

        [[sources]]
        name = "after-last"
        url = "https://stripe.example.com/v1/customers"
        records = "data"
        label = "{name} {email}"
        [sources.paging]
        style = "cursor"
        param = "starting_after"
        next = "data.-1.id"
        more = "has_more"
        size_param = "limit"
        size = 10

        [[sources]]
        name = "header-cursor"
        url = "https://api.example.com/v2/things"
        label = "{title}"
        [sources.paging]
        style = "cursor"
        next = "header:X-Next-Cursor"
        total = "header:X-Total"

        [[sources]]
        name = "links"
        url = "https://github.example.com/orgs/acme/members"
        headers = { Authorization = "Bearer ${GITHUB_TOKEN}" }
        label = "{login}"
        image = "{avatar_url}"
        detail_url = "https://github.example.com/users/{login}"
        [sources.paging]
        style = "link"
        size_param = "per_page"
        size = 30

        [[sources]]
        name = "next-urls"
        url = "https://graph.example.com/v1.0/users"
        records = "value"
        label = "{displayName}"
        columns = [{ title = "Mail", value = "{mail}" }, { title = "Quoted", value = '{["odd.key"].inner}' }]
        [sources.paging]
        style = "next-url"
        next = '["@odata.nextLink"]'

        [[sources]]
        name = "next-page-header"
        url = "https://gitlab.example.com/api/v4/users"
        label = "{name} (@{username})"
        [sources.paging]
        style = "page"
        first = 1
        param = "page"
        next = "header:X-Next-Page"
        total = "header:X-Total"
        pages = "header:X-Total-Pages"

        [[sources]]
        name = "pages-from-zero"
        url = "https://wp.example.com/wp-json/wp/v2/users"
        label = "{name}"
        [sources.paging]
        style = "page"
        first = 0
        pages = "header:X-WP-TotalPages"

        [[sources]]
        name = "one-request"
        url = "https://jsonplaceholder.example.com/users"
        label = "{name}"
        columns = [{ title = "Company", value = "{company.name}" }]
        """#
}
