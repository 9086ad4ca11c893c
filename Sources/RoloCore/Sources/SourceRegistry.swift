/// The one place that knows the built-in sources, and makes the catalog a run reads from them
/// and the config file's sources: every other reader of sources is given a ``SourceCatalog``.
public enum SourceRegistry {
    /// The built-in sources, in tab order. Adding a source is its folders and one line here.
    private static let builtIn: [any SourceDefinition.Type] = [
        PeopleSource.self,
        DirectorySource.self,
        FoodsSource.self,
        RandomUserSource.self,
        PipedriveSource.self,
    ]

    /// The catalog of the built-in sources, then `configured`'s sources in file order. With no
    /// config (the default) it is what there is before the config file is read: what the
    /// command line's and the config file's settings are read against, and the help lists.
    public static func catalog(_ configured: ConfiguredSources = ConfiguredSources()) -> SourceCatalog {
        SourceCatalog(builtIn, configured: configured.sources)
    }
}
