import Logging

/// The APIs the stand-in serves. A new API is one file of routes plus one line here.
enum StandInCatalog {
    /// An instance of every API, generated from `options`.
    static func apis(_ options: StandInOptions, logger: Logger) -> [any StandInAPI] {
        [
            PeopleAPI(options: options, logger: logger),
            FoodsAPI(options: options, logger: logger),
            DirectoryAPI(options: options),
            RandomUserAPI(options: options, logger: logger),
            PipedriveAPI(options: options, logger: logger),
            OrgMembersAPI(options: options, logger: logger),
            StaffAPI(options: options, logger: logger),
            JiraAPI(options: options),
            StripeAPI(options: options),
            GraphUsersAPI(options: options),
            GitLabUsersAPI(options: options),
            WordPressUsersAPI(options: options),
            LinearGraphQLAPI(options: options),
            SlackUsersAPI(options: options),
            KubernetesPodsAPI(options: options),
            AirtableAPI(options: options),
            IntercomContactsAPI(options: options),
            SalesforceQueryAPI(options: options),
            ElasticsearchSearchAPI(options: options),
            SentryIssuesAPI(options: options),
            PokeAPI(),
            BulkRecordsAPI(),
            SignInAPI(),
        ]
    }
}
