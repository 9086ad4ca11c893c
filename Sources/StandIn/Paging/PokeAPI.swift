import FlyingFox
import Foundation

/// PokeAPI's Pokémon, served under `/pokeapi`: a compact list whose pictures live only in each
/// record's detail, as in https://pokeapi.co/docs/v2. `GET /pokeapi/api/v2/pokemon?offset=0&limit=20`
/// answers `{"count", "next", "previous", "results": [{"name", "url"}]}` (`next` and `previous`
/// absolute URLs or null, `limit` 20 by default); `GET /pokeapi/api/v2/pokemon/<id or name>/`
/// answers the detail, with `id`, `name`, `height`, `weight`, `base_experience`, `types` and
/// `sprites.front_default`, a PNG under `/pokeapi/sprites/pokemon/<id>.png`.
struct PokeAPI: StandInAPI {
    /// How many Pokémon the list holds, PokeAPI's count.
    static let count = 1302
    static let defaultLimit = 20
    private static let known = ["bulbasaur", "ivysaur", "venusaur", "charmander", "charmeleon", "charizard", "squirtle"]
    private static let syllables = [
        "pi", "ka", "chu", "mew", "zu", "bat", "ra", "ta", "do", "lu", "gi", "tor", "bel", "sprout", "ve", "no", "saur", "mon",
        "ee", "vee",
    ]
    private static let typeNames = ["grass", "poison", "fire", "water", "bug", "normal", "electric", "ground", "psychic", "ghost"]

    let prefix = "/pokeapi"

    var routes: [StandInRoute] {
        [
            // Both with and without the final slash, as PokeAPI answers.
            StandInRoute("pokeapi.list", .GET, "/api/v2/pokemon") { request in list(request) },
            StandInRoute("pokeapi.list/", .GET, "/api/v2/pokemon/") { request in list(request) },
            StandInRoute("pokeapi.detail", .GET, "/api/v2/pokemon/<key>/") { request in detail(request) },
            StandInRoute("pokeapi.detail-", .GET, "/api/v2/pokemon/<key>") { request in detail(request) },
            StandInRoute("pokeapi.sprite", .GET, "/sprites/pokemon/<file>") { request in sprite(request) },
        ]
    }

    func notFound() -> HTTPResponse {
        HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"], body: Data("Not Found".utf8))
    }

    /// Pokémon `number`'s name: the first few PokeAPI's own, the rest made of syllables, each
    /// name once.
    static func name(_ number: Int) -> String {
        if number <= known.count { return known[number - 1] }
        var rest = number, name = ""
        repeat {
            name += syllables[rest % syllables.count]
            rest /= syllables.count
        } while rest > 0
        return name
    }

    private func list(_ request: StandInRequest) -> HTTPResponse {
        let limit = PagingPeople.number(request, "limit", in: 1...100_000, default: Self.defaultLimit)
        let offset = PagingPeople.number(request, "offset", in: 0...Int.max, default: 0)
        let base = PagingPeople.base(request, prefix) + "/api/v2/pokemon"
        let end = min(Self.count, offset + limit)
        let results: [StandInJSON] = offset < end ? (offset + 1...end).map { number in
            .object([("name", .string(Self.name(number))), ("url", .string("\(base)/\(number)/"))])
        } : []
        let page = { (start: Int) in StandInJSON.string("\(base)?offset=\(start)&limit=\(limit)") }
        return PagingPeople.json(.object([
            ("count", .int(Self.count)), ("next", end < Self.count ? page(end) : .null),
            ("previous", offset > 0 ? page(max(0, offset - limit)) : .null), ("results", .array(results)),
        ]))
    }

    private func detail(_ request: StandInRequest) -> HTTPResponse {
        let key = request.parameters["key", default: ""]
        let number = Int(key) ?? (1...Self.count).first { Self.name($0) == key }
        guard let number, (1...Self.count).contains(number) else { return notFound() }
        var random = SplitMix64(seed: 0x90CE, stream: UInt64(number))
        let types = (0..<(1 + Int(random.next() % 2))).map { _ in Self.typeNames[Int(random.next() % UInt64(Self.typeNames.count))] }
        let typeBase = PagingPeople.base(request, prefix) + "/api/v2/type"
        let sprite = PagingPeople.base(request, prefix) + "/sprites/pokemon/\(number).png"
        return PagingPeople.json(.object([
            ("id", .int(number)), ("name", .string(Self.name(number))), ("base_experience", .int(40 + Int(random.next() % 260))),
            ("height", .int(3 + Int(random.next() % 30))), ("weight", .int(20 + Int(random.next() % 2000))),
            ("order", .int(number)), ("is_default", .bool(true)),
            ("types", .array(types.enumerated().map { slot, type in
                .object([("slot", .int(slot + 1)), ("type", .object([("name", .string(type)), ("url", .string("\(typeBase)/\(type)/"))]))])
            })),
            ("sprites", .object([
                ("back_default", .null), ("front_default", .string(sprite)), ("front_shiny", .null),
                ("other", .object([("official-artwork", .object([("front_default", .null)]))])),
            ])),
        ]))
    }

    private func sprite(_ request: StandInRequest) -> HTTPResponse {
        let file = request.parameters["file", default: ""]
        guard file.hasSuffix(".png"), let number = Int(file.dropLast(4)), (1...Self.count).contains(number) else { return notFound() }
        guard let png = SpritePNG.png(number: number) else { return internalError() }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: png)
    }
}
