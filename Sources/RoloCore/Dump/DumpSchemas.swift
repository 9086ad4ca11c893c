/// The built-in sources' dump schemas; each source's definition names its own fields
/// (``SourceDefinition/dumpFields``) so `rolo dump --help` and `--fields` agree.
public enum DumpSchemas {}
