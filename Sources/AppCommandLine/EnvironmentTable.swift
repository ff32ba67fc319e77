/// The environment variables the app reads, each with what it does, as the manual lists them.
public enum EnvironmentTable {
  /// The variables (one or several read the same way), in the order the manual lists them.
  public static let all: [(names: [String], meaning: String)] = [
    (
      ["GITHUB_TOKEN"],
      "the token sent to the API's own origin as Authorization: Bearer, unless --token-file"
        + " names a file; never read from the config file"
    ),
    (
      [ConfigLocation.variable],
      "the config file to read instead of $XDG_CONFIG_HOME/loader-tui/config; a file it names"
        + " must exist"
    ),
    (["XDG_CONFIG_HOME"], "where the config file is looked for (default ~/.config)"),
    (["XDG_CACHE_HOME"], "where the cache is kept (default ~/.cache)"),
    (["HOME"], "the home directory, for ~/.config, ~/.cache and ~/ in the config file"),
    (["NO_COLOR"], "when set and not empty, no colour, as --no-color"),
    (
      ["BROWSER"],
      "the programs o opens a repository's page with, colon-separated, each tried until one"
        + " exits with 0 (else xdg-open); %s is the address, else it comes last"
    ),
    (["TERM"], "the terminal; unset, dumb or unknown, the app prints headless output instead"),
    (["LC_ALL", "LC_CTYPE", "LANG"], "a locale that is not UTF-8 draws in ASCII, as --ascii"),
    (
      ["SSL_CERT_FILE", "SSL_CERT_DIR"],
      "the CA certificates TLS trusts instead of the system's"
    ),
    (
      ["https_proxy", "HTTPS_PROXY"],
      "the proxy for https requests (GitHub's API), http://[user:pass@]host:port (port 1080"
        + " when none); a failure through it names the proxy and what it answered, and a 407"
        + " asks for the credentials here"
    ),
    (["http_proxy"], "the proxy for http requests (the built-in server's), lower case only"),
    (["all_proxy", "ALL_PROXY"], "the proxy for either when its own variable is unset"),
    (
      ["no_proxy", "NO_PROXY"],
      "the hosts reached without a proxy, comma-separated: a name and the names under it"
        + " (example.com covers api.example.com), an address or a range (10.0.0.0/8); * for"
        + " every host. The lower-case variable wins; an empty one counts as unset"
    ),
  ]
}
