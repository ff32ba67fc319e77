import ApexyLoader
import GitHubAPI

extension GitHubCacheKeys {
  /// Keys for the built-in server serving `repositoryCount` generated repositories (`nil`: the
  /// fixtures) from data of version `seed`; its port, new at every start, is not part of them.
  static func builtIn(repositoryCount: Int?, seed: String) -> GitHubCacheKeys {
    GitHubCacheKeys(
      namespace: "built-in repos=\(repositoryCount.map(String.init) ?? "fixtures") seed=\(seed)")
  }

  /// The entry of the owners opened recently, which the app offers again.
  var recentOwners: LoaderCacheKey {
    LoaderCacheKey(namespace: namespace, name: "recent owners")
  }
}
