import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// `[[sources.lookups]]` in the real binary against the stand-in: the staff list shows each
    /// person's department by name, Enter on the detail's department opens it on the
    /// departments tab, and Esc comes back to the person.
    @Suite("lookups against the stand-in", .serialized, .temporaryDirectories)
    struct LookupsEndToEndTests {
        /// The staff directory whose `dept_id` is looked up in the departments list, which is a
        /// tab of its own; the man page's example.
        static func config(_ base: String) -> String {
            """
            [[sources]]
            name = "staff"
            url = "\(base)/staff/api/people/"
            records = "results"
            id = "uuid"
            label = "{name.first} {name.last}"
            columns = [ { title = "Department", value = "{dept.name}" } ]
            fields = ["email", "dept_id"]

            [sources.paging]
            style = "next-url"
            next = "next"

            [[sources.lookups]]
            name = "dept"
            field = "dept_id"
            url = "\(base)/staff/api/departments/"
            records = "results"
            source = "departments"

            [[sources]]
            name = "departments"
            url = "\(base)/staff/api/departments/"
            records = "results"
            label = "{name}"
            columns = [ { title = "Floor", value = "{floor}" } ]
            fields = ["name", "floor", "head"]
            """
        }

        @Test("The looked-up name in the list and the detail; Enter follows it to the departments tab, Esc comes back")
        func followAndBack() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            defer { Task { await server.stop() } }
            let root = try TemporaryDirectory.scopedPath("rolo-lookups-e2e")
            let config = root + "/config.toml"
            try Data(Self.config(server.baseURL.absoluteString).utf8).write(to: URL(fileURLWithPath: config))
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")
            defer { tmux.close() }
            try tmux.run("\(RoloBinary.path) --config \(config) --data-dir \(root)/data staff --images off")
            // Person 1 (Kadri … or whoever the seed makes) works in a department the lookup names.
            let list = try await tmux.waitFor("the staff list with department names") { screen in
                StaffDepartments.names.contains { screen.contains($0) } && screen.contains("95 records")
            }
            #expect(list.contains("Department"), "the lookup's column")
            try await tmux.waitIdle(after: 0)
            var frame = tmux.idleState().frame
            try tmux.send("Enter")
            try await tmux.waitIdle(after: frame)
            let detail = try await tmux.waitFor("the person's detail with the department's name") { $0.contains("dept_id") }
            // The detail is the right of the pane's divider; the list's column holds names too.
            let line = try #require(detail.split(separator: "\n").first { $0.contains("dept_id") })
            let shown = line.components(separatedBy: "dept_id").last ?? ""
            let department = try #require(StaffDepartments.names.first { shown.contains($0) }, "\(line)")
            let person = try #require(detail.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.contains("@staff.example") })
            frame = tmux.idleState().frame
            try tmux.send("Enter")
            let followed = try await tmux.waitFor("the department's detail on its own tab") { screen in
                screen.contains("\(department.lowercased())-head@staff.example")
            }
            #expect(followed.contains("floor"))
            try await tmux.waitIdle(after: frame)
            frame = tmux.idleState().frame
            try tmux.send("Escape")
            let back = try await tmux.waitFor("the person's detail again") { $0.contains(String(person)) && $0.contains("dept_id") }
            #expect(!back.contains("-head@staff.example"))
            try await tmux.waitIdle(after: frame)
            try tmux.send("q")
            try await tmux.waitFor("the shell again") { $0.contains("$") && !$0.contains("dept_id") }
        }
    }
}

/// The stand-in's department names.
private enum StaffDepartments {
    static let names = ["Engineering", "Sales", "Support", "Finance", "People", "Design"]
}
