import Foundation
import RoloCore
import StandIn
import Testing

/// The hostile switches, read back through rolo's own decoders.
@Suite("Stand-in hostile switches")
struct HostileListsTests {
    @Test("N records, some unreadable, one with a huge first name: as options")
    func options() async throws {
        var options = StandInOptions()
        options.hostility = StandInHostility(records: 3_000, hugeField: 100_000, badRecords: 30)
        try await withServer(options) { server in
            let people = try PeopleDecoder.decodeEmployees(try await request(server, "/employees").body)
            #expect(people.records.count + people.skipped.count == 3_000)
            #expect(people.skipped.count == 30)
            #expect(people.records.first?.firstName.hasSuffix("(100,000 characters in all)") == true)
            let foods = try FoodsDecoder.decodeFoods(try await request(server, "/foods/api/v1/demo/food").body)
            #expect(foods.records.count == 2_970)
            let tallinn = try DirectoryDecoder.decodeEmployees(try await request(server, "/directory/tallinn/employee_list").body)
            let tartu = try DirectoryDecoder.decodeEmployees(try await request(server, "/directory/tartu/employee_list").body)
            #expect(tallinn.records.count + tallinn.skipped.count + tartu.records.count + tartu.skipped.count == 3_000)
            #expect(tallinn.skipped.count + tartu.skipped.count == 30)
        }
    }

    @Test("Switched on and off over /__standin/hostile; a trickled body arrives whole, slowly")
    func controlRoute() async throws {
        try await withServer { server in
            let set = try await request(server, "/__standin/hostile?records=500&bad=5&trickle=400", method: "POST")
            #expect(set.status == 200)
            let started = ContinuousClock.now
            let reply = try await request(server, "/employees")
            let took = ContinuousClock.now - started
            let people = try PeopleDecoder.decodeEmployees(reply.body)
            #expect(people.records.count == 495)
            #expect(people.skipped.map(\.reason).contains("'id' should be a whole number"))
            #expect(took >= .milliseconds(300), "a 400 ms trickle took \(took)")
            #expect(try await request(server, "/__standin/hostile?records=-1", method: "POST").status == 400)
            _ = try await request(server, "/__standin/hostile", method: "POST")
            let usual = try PeopleDecoder.decodeEmployees(try await request(server, "/employees").body)
            #expect(usual.records.count == 24)
            #expect(usual.skipped.isEmpty)
        }
    }
}
