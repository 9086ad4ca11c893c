import FlyingFox
import Foundation
import Logging

/// The ME employees server (`ppl_server.py`, Flask + Flask-RESTful in debug mode) as it really
/// answers, not as its RAML says: a bare `"Ok"`, a bare array, a bare `"Not found"`, quoted
/// base64 thumbnails, MIME base64 images, and Werkzeug's HTML for malformed paths.
struct PeopleAPI: StandInAPI {
    private enum Body: Hashable, Sendable {
        case list
        case detail(Int)
    }

    private let employees: [PeopleEmployee]
    private let images: PeopleImages
    private let bodies = StandInMemo<Body, Data>()

    /// Served at the root, where the real server has its endpoints.
    let prefix = ""

    /// The API over the employees generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        employees = PeopleCatalog.employees(options)
        images = PeopleImages(seed: options.seed, logger: logger)
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("people.health", .GET, "/healthCheck") { _ in
                Flask.json(.string("Ok"))
            },
            StandInRoute("people.list", .GET, "/employees") { _ in
                await json(.list)
            },
            StandInRoute("people.detail", .GET, "/employees/<int:id>") { request in
                guard let id = request.integer("id"), employees.indices.contains(id - 1) else {
                    return Flask.json(.string("Not found"), status: .notFound)
                }
                return await json(.detail(id))
            },
        ]
    }

    // The routes are Flask-RESTful resources, so a wrong method gets its JSON error (with
    // Werkzeug's Allow header), not Werkzeug's HTML page.
    func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        Flask.json(
            .object([("message", .string("The method is not allowed for the requested URL."))]),
            status: .methodNotAllowed,
            headers: [.allow: Flask.allowValue(allowed)]
        )
    }

    private func json(_ body: Body) async -> HTTPResponse {
        Flask.json(encoded: await bodies.value(for: body) { await render(body) })
    }

    private func render(_ body: Body) async -> Data {
        switch body {
        case .list:
            // Every employee at once, so the cold list renders its portraits on every core.
            let objects = await withTaskGroup(of: (Int, StandInJSON).self) { group in
                for employee in employees {
                    group.addTask { (employee.id, await object(employee, withImage: employee.imageInList)) }
                }
                return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            return StandInJSON.array(employees.compactMap { objects[$0.id] }).encoded(.python)
        case .detail(let id):
            return await object(employees[id - 1], withImage: true).encoded(.python)
        }
    }

    private func object(_ employee: PeopleEmployee, withImage: Bool) async -> StandInJSON {
        var members: [(String, StandInJSON)] = [
            ("id", .int(employee.id)),
            ("first_name", .string(employee.firstName)),
            ("last_name", .string(employee.lastName)),
            ("gender", .string(employee.gender)),
            ("birth_date", .string(employee.birthDate)),
        ]
        if let thumbnail = await images.thumbnailField(employee) {
            members.append(("thumbImage", thumbnail))
        }
        if withImage, let image = await images.imageField(employee) {
            members.append(("image", image))
        }
        return .object(members)
    }
}
