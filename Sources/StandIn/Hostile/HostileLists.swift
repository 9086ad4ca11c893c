import Foundation

/// The bodies of the people, foods and directory lists under ``StandInHostility``: written as
/// bytes straight away, since 200,000 records through a JSON tree would take the stand-in
/// longer than rolo takes to read them.
enum HostileLists {
    /// The body for `route` ("people.list", "foods.list", "directory.<city>"), nil for any
    /// other route.
    static func body(route: String, hostility: StandInHostility, cities: [String]) -> Data? {
        let count = hostility.count
        switch route {
        case "people.list":
            return array(0..<count) { index, out in person(index, hostility, count, &out) }
        case "foods.list":
            return array(0..<count) { index, out in food(index, hostility, count, &out) }
        case _ where route.hasPrefix("directory."):
            guard let city = cities.firstIndex(of: String(route.dropFirst("directory.".count))) else { return nil }
            let share = (count + cities.count - 1) / cities.count
            let range = min(count, city * share)..<min(count, (city + 1) * share)
            var body = Data("{\"employees\": ".utf8)
            body += array(range) { index, out in directoryEmployee(index, hostility, count, &out) }
            body += Data("}".utf8)
            return body
        default:
            return nil
        }
    }

    private static func array(_ range: Range<Int>, _ write: (Int, inout String) -> Void) -> Data {
        var out = "["
        out.reserveCapacity(range.count * 130)
        for index in range {
            if index != range.lowerBound { out += ",\n" }
            write(index, &out)
        }
        out += "]"
        return Data(out.utf8)
    }

    private static let firstNames = ["Mari", "Jüri", "Анна", "Kalle", "Liis", "Peeter", "Sara", "Олег", "Tiina", "Marko"]
    private static let lastNames = ["Tamm", "Saar", "Sepp", "Иванова", "Kask", "Mägi", "Rebane", "Ilves", "Lepp", "Koppel"]

    private static func first(_ index: Int, _ hostility: StandInHostility) -> String {
        index == 0 && hostility.hugeField > 0
            ? String(repeating: "A", count: hostility.hugeField) : firstNames[index % firstNames.count]
    }

    /// A last name unique per record, so the directory's merge by name keeps every one.
    private static func last(_ index: Int) -> String {
        "\(lastNames[(index / firstNames.count) % lastNames.count])-\(index)"
    }

    /// What makes a bad record bad, in turn.
    private static func badKind(_ index: Int) -> Int { index % 3 }

    private static func person(_ index: Int, _ hostility: StandInHostility, _ count: Int, _ out: inout String) {
        var id = "\(index + 1)"
        var firstName = "\"\(first(index, hostility))\""
        if hostility.isBad(index, of: count) {
            switch badKind(index) {
            case 0: id = "\"id-\(index + 1)\""
            case 1: id = "9223372036854775808"
            default: firstName = "null"
            }
        }
        let gender = index % 2 == 0 ? "female" : "male"
        out += "{\"id\": \(id), \"first_name\": \(firstName), \"last_name\": \"\(last(index))\", "
        out += "\"gender\": \"\(gender)\", \"birth_date\": \"\(index % 28 + 1) March \(1950 + index % 50)\"}"
    }

    private static func food(_ index: Int, _ hostility: StandInHostility, _ count: Int, _ out: inout String) {
        var id = "\(index + 1)"
        var name = "\"\(first(index, hostility)) pie \(index + 1)\""
        if hostility.isBad(index, of: count) {
            switch badKind(index) {
            case 0: id = "{\"nested\": true}"
            case 1: id = "null"
            default: name = "null"
            }
        }
        out += "{\"id\": \(id), \"name\": \(name), \"isLiked\": \(index % 7 == 0), "
        out += "\"description\": \"Baked at home, number \(index + 1).\", \"countryOfOrigin\": \"EE\", "
        out += "\"lastUpdatedDate\": \"2024-05-\(String(format: "%02d", index % 28 + 1))T10:00:00Z\"}"
    }

    private static let positions = ["IOS", "ANDROID", "WEB", "PM", "TESTER", "SALES", "OTHER"]

    private static func directoryEmployee(_ index: Int, _ hostility: StandInHostility, _ count: Int, _ out: inout String) {
        var firstName = "\"\(first(index, hostility))\""
        var contact = "{\"email\": \"person\(index + 1)@example.com\", \"phone\": \"+372 5\(100_000 + index)\"}"
        if hostility.isBad(index, of: count) {
            switch badKind(index) {
            case 0: contact = "\"none\""
            case 1: contact = "{\"phone\": \"+372 5000\"}"
            default: firstName = "null"
            }
        }
        out += "{\"fname\": \(firstName), \"lname\": \"\(last(index))\", \"contact_details\": \(contact), "
        out += "\"position\": \"\(positions[index % positions.count])\", \"projects\": [\"Project \(index % 40)\"]}"
    }
}
