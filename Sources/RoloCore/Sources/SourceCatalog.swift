/// The sources of a run, in tab order (their digit keys): the built-in ones, then the config
/// file's `[[sources]]` in file order. Made once at start (``SourceRegistry/catalog(_:)``) and
/// passed to everything that lists, finds or completes a source, so that a configured source is
/// found wherever a built-in one is.
public struct SourceCatalog: Sendable {
    /// Every source, in tab order.
    public let sources: [CatalogSource]

    /// The catalog of `definitions`, then `configured`.
    public init(_ definitions: [any SourceDefinition.Type], configured: [RecordSource] = []) {
        sources = definitions.map { CatalogSource(.builtIn($0)) } + configured.map { CatalogSource(.configured($0)) }
    }

    /// The sources' names, in tab order.
    public var ids: [SourceID] { sources.map(\.id) }

    /// The sources' names as written, in tab order.
    public var names: [String] { sources.map(\.name) }

    /// The built-in sources' definitions, in tab order.
    public var definitions: [any SourceDefinition.Type] {
        sources.compactMap { if case .builtIn(let definition) = $0.kind { definition } else { nil } }
    }

    /// The built-in sources' names.
    public var builtInIDs: [SourceID] { definitions.map { $0.id } }

    /// The configured sources, in file order.
    public var configured: [RecordSource] {
        sources.compactMap { if case .configured(let source) = $0.kind { source } else { nil } }
    }

    /// The source named `name`, built in or configured.
    public func source(named name: String) -> CatalogSource? {
        sources.first { $0.name == name }
    }

    /// The built-in source's definition named `id`.
    public func definition(_ id: SourceID) -> (any SourceDefinition.Type)? {
        definitions.first { $0.id == id }
    }

    /// The tabs in order: the config file's `tabs`, else every source.
    public func tabs(_ config: ConfiguredSources) -> [CatalogSource] {
        config.tabNames(builtIn: builtInIDs).compactMap(source(named:))
    }

    /// Every setting: each source's, then the shared ones.
    public var settings: [Setting] { sourceSettings + Setting.shared }

    /// The sources' settings, which the command line reads apart from its own options.
    public var sourceSettings: [Setting] { sources.flatMap(\.options) }

    /// The config file's other names for settings.
    public var aliases: [String: Setting] {
        definitions.reduce(into: [:]) { aliases, definition in aliases.merge(definition.settingAliases) { first, _ in first } }
    }

    /// The setting a config key or option name (without dashes) names.
    public func setting(named name: String) -> Setting? {
        settings.first { $0.rawValue == name } ?? aliases[name]
    }

    /// "no source named 'x' — the sources are …", with a near name when there is one: the
    /// message for a name that is in no tab.
    public func unknown(_ name: String) -> String {
        "no source named '\(name)'\(name.didYouMean(names) ?? "") — the sources are \(names.joined(separator: ", "))"
    }
}

/// One source of the catalog: built in (its definition) or configured (its `[[sources]]` table).
public struct CatalogSource: Sendable {
    /// Where the source comes from.
    public enum Kind: Sendable {
        /// One of rolo's own, declared by its definition.
        case builtIn(any SourceDefinition.Type)
        /// A `[[sources]]` table of the config file.
        case configured(RecordSource)
    }

    /// Where it comes from.
    public let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// Its name: the tab, `rolo NAME`, `rolo dump NAME`, `rolo act NAME`.
    public var id: SourceID {
        switch kind {
        case .builtIn(let definition): definition.id
        case .configured(let source): SourceID(rawValue: source.name)
        }
    }

    /// ``id`` as written.
    public var name: String { id.rawValue }

    /// What its tab says: its name.
    public var tabTitle: String { name }

    /// What it shows, for the help: a built-in source's summary, a configured source's title.
    public var summary: String {
        switch kind {
        case .builtIn(let definition): definition.summary
        case .configured(let source): source.title
        }
    }

    /// Whether it is one of rolo's own.
    public var isBuiltIn: Bool {
        if case .builtIn = kind { true } else { false }
    }

    /// Its configured table, when it is a configured source.
    public var configured: RecordSource? {
        if case .configured(let source) = kind { source } else { nil }
    }

    /// The settings only it reads (a built-in source's options); a configured source has its
    /// settings in its table.
    public var options: [Setting] {
        if case .builtIn(let definition) = kind { definition.settings } else { [] }
    }

    /// The `[[actions]]` rolo ships for it.
    public var shippedActions: [RecordAction] {
        if case .builtIn(let definition) = kind { definition.shippedActions } else { [] }
    }
}
