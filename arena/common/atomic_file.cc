#include "common/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace arena {

bool write_file_atomically(const std::string& path, std::string_view content, std::string* error) {
  // The temporary file sits in the same folder, so the rename stays within one file system.
  const std::string temp = path + ".tmp-" + std::to_string(::getpid());
  const auto failed = [&](const std::string& what) {
    *error = path + ": cannot write it: " + what + ": " + std::strerror(errno);
    ::unlink(temp.c_str());
    return false;
  };
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return failed("cannot create " + temp);
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      return failed("writing " + temp);
    }
    written += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return failed("flushing " + temp);
  }
  if (::close(fd) != 0) return failed("closing " + temp);
  if (::rename(temp.c_str(), path.c_str()) != 0) return failed("renaming " + temp);
  // The rename itself reaches the disk when the folder is flushed; best effort.
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const int dir_fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return true;
}

}  // namespace arena
