/// The stand-in server's switches: where it listens, how slow and unreliable it is, and how much
/// data it generates.
public struct StandInOptions: Sendable, Equatable {
    /// The TCP port on 127.0.0.1; 0 picks a free one.
    public var port: UInt16 = 0
    /// Delay added before every API response.
    public var latencyMilliseconds: Int = 0
    /// Share (0...1) of API requests answered with a 500; which ones follows from `seed`.
    public var failRate: Double = 0
    /// Length of the people (ME) list.
    public var employees: Int = 24
    /// Seed for every generated value and for the fail-rate sequence.
    public var seed: UInt64 = 1
    /// Share (0...1) of foods likes and unlikes that fail, half with a 500 and `{"error": ...}`,
    /// half with a 200 and `{"success": false}`; which ones follows from `seed`.
    public var foodsLikeFailRate: Double = 0.2
    /// Whether the foods API is the 2025 one: `GET food/<page>` answers up to 10 foods and the
    /// `totalCount`, and `GET food` answers 404 with Express's HTML page. Off: the 2023 API,
    /// whose `GET food` answers every food as a bare array.
    public var foodsPaged: Bool = false
    /// The minute the directory listings are generated for; nil follows the clock, so the data
    /// changes every minute like the real service's. Tests fix it for repeatable bodies.
    public var directoryFixedMinute: Int? = nil
    /// How each directory city (`tallinn`, `tartu`) answers; a city not listed answers `.ok`.
    public var directoryModes: [String: DirectoryListingMode] = [:]
    /// How many randomuser page requests, from start, answer 429 before the API answers again;
    /// `Int.max` rate-limits it for good. Not restored by `/__standin/reset`.
    public var randomUserRateLimitedRequests: Int = 0
    /// The API token the Pipedrive account accepts; any other, or none, gets a 401.
    public var pipedriveToken: String = "standin-token"
    /// How many Pipedrive requests fit in any two seconds before the rest get a 429.
    public var pipedriveBurst: Int = 1000
    /// How many persons the Pipedrive account holds; pages are generated on demand, so
    /// 100,000 costs no more memory than 500.
    public var pipedrivePersons: Int = 500
    /// How many members the GitHub organisation (`/github/orgs/rolo-stand-in/members`) has.
    public var orgMembers: Int = 230
    /// The token the GitHub organisation's API wants as `Authorization: Bearer …`; nil takes
    /// any request, as for a public organisation.
    public var orgMembersToken: String? = nil
    /// How many GitHub requests, from start, are refused with its rate-limit 403 before the API
    /// answers again.
    public var orgMembersRateLimitedRequests: Int = 0
    /// How many people the staff directory (`/staff/api/people/`) holds.
    public var staffMembers: Int = 95
    /// Whether the staff directory's last page names itself as `next`, as a buggy server may.
    public var staffNextLoops = false
    /// How many issues the Jira search (`/jira/rest/api/3/search`) finds.
    public var jiraIssues: Int = 121
    /// How many of the Jira issues a search may see; the rest count in `total` but never come,
    /// as issues the token may not see. Nil: all.
    public var jiraVisibleIssues: Int? = nil
    /// How many customers the Stripe account (`/stripe/v1/customers`) has.
    public var stripeCustomers: Int = 25
    /// How many users Microsoft Graph (`/msgraph/v1.0/users`) lists.
    public var graphUsers: Int = 7
    /// How many users GitLab (`/gitlab/api/v4/users`) lists.
    public var gitlabUsers: Int = 45
    /// How many users WordPress (`/wordpress/wp-json/wp/v2/users`) lists.
    public var wordpressUsers: Int = 23
    /// How many users Linear's GraphQL API (`/linear/graphql`) lists.
    public var linearUsers: Int = 57
    /// How many members Slack's `users.list` (`/slack/api/users.list`) lists.
    public var slackMembers: Int = 34
    /// The token Slack wants as `Authorization: Bearer …`.
    public var slackToken: String = "xoxb-stand-in-token"
    /// How a paging API refuses its page tokens (`/__paging/…`): the token handed out with page
    /// `page` (1 = the first page's) is refused when it is used, the first `times` times, and then
    /// honoured again, as a real API refuses a token that has outlived its list.
    public struct PageTokenExpiry: Sendable, Equatable {
        /// The page whose handed-out token is refused (1 = the token the first page hands out).
        public var page: Int
        /// How many uses of that token are refused before it is honoured again.
        public var times: Int = 1

        /// Refuses the token handed out with page `page`, the first `times` times it is used.
        public init(page: Int, times: Int = 1) {
            self.page = page
            self.times = times
        }
    }

    /// How many pods Kubernetes' pod list (`/__paging/kubernetes/api/v1/namespaces/default/pods`) holds.
    public var kubernetesPods: Int = 1_234
    /// Which Kubernetes continue token expires with a 410; nil: none.
    public var kubernetesExpiry: PageTokenExpiry? = nil
    /// Whether Kubernetes' 410 carries a fresh `metadata.continue` (as a real API server does for
    /// an expired token) — default true; off, its `metadata` is `{}`.
    public var kubernetesFreshContinue: Bool = true
    /// How many records Airtable's table (`/__paging/airtable/v0/appROLO/People`) holds.
    public var airtableRecords: Int = 345
    /// Which Airtable offset is refused with `LIST_RECORDS_ITERATOR_NOT_AVAILABLE`; nil: none.
    public var airtableExpiry: PageTokenExpiry? = nil
    /// How many contacts Intercom (`/__paging/intercom/contacts`) lists.
    public var intercomContacts: Int = 120
    /// How many contacts a Salesforce SOQL query (`/__paging/salesforce/services/data/v59.0/query`) finds.
    public var salesforceContacts: Int = 4_321
    /// Which Salesforce query locator is refused with `INVALID_QUERY_LOCATOR`; nil: none.
    public var salesforceExpiry: PageTokenExpiry? = nil
    /// How many documents Elasticsearch's `people` index (`/__paging/elasticsearch/people/_search`) holds.
    public var elasticsearchHits: Int = 12_000
    /// How many issues Sentry (`/__paging/sentry/api/0/organizations/rolo/issues/`) lists.
    public var sentryIssues: Int = 250
    /// How badly the people, foods and directory lists answer; off by default.
    public var hostility = StandInHostility()
    /// Whether Nagle's algorithm is off on the server's sockets (see `NoDelaySocketPool`); off
    /// only for a benchmark's baseline, FlyingFox as it comes.
    public var noDelay = true

    /// The defaults: ephemeral port, no latency, no failures but a fifth of foods likes, 24
    /// employees, seed 1, the 2023 foods API.
    public init() {}

    /// What `rolo --demo` runs: the defaults, but every like is kept, because a newcomer's first
    /// press of `l` failing reads as a bug; `demo-server --like-fail-rate` and tests still fail them.
    public static var demo: StandInOptions {
        var options = StandInOptions()
        options.foodsLikeFailRate = 0
        return options
    }

    /// Options with the given values, the defaults for the rest.
    public init(
        port: UInt16 = 0,
        latencyMilliseconds: Int = 0,
        failRate: Double = 0,
        employees: Int = 24,
        seed: UInt64 = 1,
        foodsLikeFailRate: Double = 0.2,
        foodsPaged: Bool = false,
        randomUserRateLimitedRequests: Int = 0,
        pipedriveToken: String = "standin-token",
        pipedriveBurst: Int = 1000,
        pipedrivePersons: Int = 500
    ) {
        self.port = port
        self.latencyMilliseconds = latencyMilliseconds
        self.failRate = failRate
        self.employees = employees
        self.seed = seed
        self.foodsLikeFailRate = foodsLikeFailRate
        self.foodsPaged = foodsPaged
        self.randomUserRateLimitedRequests = randomUserRateLimitedRequests
        self.pipedriveToken = pipedriveToken
        self.pipedriveBurst = pipedriveBurst
        self.pipedrivePersons = pipedrivePersons
    }
}

/// ``StandInOptions/PageTokenExpiry`` by its short name, for callers that set one up alone.
public typealias PageTokenExpiry = StandInOptions.PageTokenExpiry
