import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few system calls the file store needs, each retried on `EINTR` and failing with a
/// `LoaderCacheStoreError.io` that names the operation and the path.
enum PosixFile {
  /// The whole file at `path`, `nil` when there is none. A FIFO, device or symbolic link there
  /// is an error, never a wait.
  static func readAll(_ path: String) throws -> Data? {
    let fd = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW) }
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw LoaderCacheStoreError.posix("read", path)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw LoaderCacheStoreError.posix("read", path) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw LoaderCacheStoreError.io(operation: "read", path: path, reason: "not a regular file")
    }
    var data = Data(count: Int(info.st_size))
    var filled = 0
    while true {
      if filled == data.count { data.count += 64 * 1024 }
      let count = data.withUnsafeMutableBytes { raw in
        retrying { read(fd, raw.baseAddress! + filled, raw.count - filled) }
      }
      if count < 0 { throw LoaderCacheStoreError.posix("read", path) }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// Writes `data` to a new file at `path` (mode 0600, which must not exist), flushed to disk.
  static func create(_ path: String, with data: Data) throws {
    let fd = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
    guard fd >= 0 else { throw LoaderCacheStoreError.posix("create", path) }
    do {
      try data.withUnsafeBytes { raw in
        var written = 0
        while written < raw.count {
          let count = retrying { write(fd, raw.baseAddress! + written, raw.count - written) }
          if count < 0 { throw LoaderCacheStoreError.posix("write", path) }
          written += count
        }
      }
      // The kernel stamps files with a coarse clock (a few milliseconds); the store orders
      // entries by write time for eviction, so it stamps them with the fine one.
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let times = [now, now]
      _ = futimens(fd, times)
      guard retrying({ flush(fd) }) == 0 else { throw LoaderCacheStoreError.posix("flush", path) }
    } catch {
      close(fd)
      unlink(path)
      throw error
    }
    guard close(fd) == 0 else {
      let code = errno
      unlink(path)
      throw LoaderCacheStoreError.posix("close", path, errno: code)
    }
  }

  /// Flushes the directory at `path`, so a rename or unlink in it survives a power loss.
  static func syncDirectory(_ path: String) {
    let fd = retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Creates the directory at `path`, and its missing parents, with mode 0700; an existing
  /// directory is left as it is.
  static func makeDirectory(_ path: String) throws {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw LoaderCacheStoreError.io(
          operation: "use", path: path, reason: "it is a file, not a directory")
      }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path, stat(parent, &info) != 0 {
      try makeDirectory(parent)
    }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw LoaderCacheStoreError.posix("create the directory", path)
    }
  }

  /// The names in the directory at `path`, `.` and `..` left out; empty when it is missing.
  static func names(in path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Flushes the file `fd` to the disk itself: on Apple platforms `fsync` leaves it in the
  /// drive's cache, and `F_FULLFSYNC` is what reaches the medium (`fsync` where it fails).
  private static func flush(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
      if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(fd)
  }

  /// Calls `body` until it fails with something other than `EINTR`.
  static func retrying<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
      let result = body()
      if result >= 0 || errno != EINTR { return result }
    }
  }
}
