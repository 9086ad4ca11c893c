import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StandIn
import Testing

/// Makes the stand-in fail the next `count` requests of `route` through its HTTP control
/// endpoint, `/__standin/fail`, as a script driving the binary would.
func failNext(_ route: String, count: Int = 1, on server: StandInServer) async throws {
    let url = try #require(URL(string: server.baseURL.absoluteString + "/__standin/fail?route=\(route)&count=\(count)"))
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
}
