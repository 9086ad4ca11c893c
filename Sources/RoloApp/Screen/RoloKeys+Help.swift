extension RoloKeys {
    /// The actions and their default keys as `rolo help keys` lists them: a literal, because
    /// the command's configuration is built on every start of rolo. A test keeps it equal to
    /// `listing(roloKeyTable, described: false)`.
    public static let defaultsHelp = """
        action           keys
        accept-search    enter
        activate         enter
        back             esc left h backspace
        clear-search     esc
        close            esc ? q
        contact-card     c
        copy             y
        copy-menu        Y
        first            home g
        help             ?
        last             end G
        like             l
        move-down        down j
        move-up          up k
        next-card        right
        next-source      tab
        open             enter right
        page-down        pgdn space
        page-up          pgup
        previous-card    left
        previous-source  shift-tab
        quit             q
        redraw           ctrl-l
        refresh          r
        search           /
        set-title        t
        source-1         1
        source-2         2
        source-3         3
        source-4         4
        source-5         5
        thumbnails       i
        """
}
