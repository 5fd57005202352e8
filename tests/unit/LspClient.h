// A scripted JSON-RPC client for `ascendc-lint --lsp`: starts the server with
// pipes, frames messages with Content-Length, waits for a response or a
// notification with a time limit.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <deque>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace alint_test {

class LspClient {
public:
  explicit LspClient(const std::string &binary, const std::string &cwd = "") {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0)
      return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 2);
      close(in[1]);
      close(out[0]);
      if (!cwd.empty() && chdir(cwd.c_str()) != 0)
        _exit(127);
      execl(binary.c_str(), binary.c_str(), "--lsp", static_cast<char *>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~LspClient() {
    if (to_ >= 0)
      close(to_);
    if (from_ >= 0)
      close(from_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void send(const nlohmann::json &m) {
    std::string body = m.dump();
    std::string msg = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    if (::write(to_, msg.data(), msg.size()) < 0)
      return;
  }
  int request(const std::string &method, const nlohmann::json &params) {
    int id = ++nextId_;
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
    return id;
  }
  void notify(const std::string &method, const nlohmann::json &params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }

  // The response to request `id`; other messages are kept for later.
  std::optional<nlohmann::json> response(int id, int seconds = 60) {
    return waitFor([&](const nlohmann::json &m) { return m.contains("id") && m["id"] == id && !m.contains("method"); },
                   seconds);
  }
  // The next publishDiagnostics for `uri`.
  std::optional<nlohmann::json> diagnostics(const std::string &uri, int seconds = 120) {
    return waitFor(
        [&](const nlohmann::json &m) {
          return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri;
        },
        seconds);
  }

  // The server's exit status after `exit` (or -1).
  int waitExit(int seconds = 30) {
    for (int i = 0; i < seconds * 10; ++i) {
      int st = 0;
      if (waitpid(pid_, &st, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
      }
      usleep(100000);
    }
    return -1;
  }

private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1, nextId_ = 0;
  bool exited_ = false;
  std::string buffer_;
  std::deque<nlohmann::json> pending_;

  template <class Pred> std::optional<nlohmann::json> waitFor(Pred pred, int seconds) {
    for (auto it = pending_.begin(); it != pending_.end(); ++it)
      if (pred(*it)) {
        nlohmann::json m = *it;
        pending_.erase(it);
        return m;
      }
    auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < end) {
      while (auto m = parseOne()) {
        if (pred(*m))
          return m;
        pending_.push_back(*m);
      }
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, 200) > 0) {
        char buf[65536];
        ssize_t n = ::read(from_, buf, sizeof buf);
        if (n <= 0)
          return std::nullopt;
        buffer_.append(buf, size_t(n));
      }
    }
    return std::nullopt;
  }

  std::optional<nlohmann::json> parseOne() {
    size_t headerEnd = buffer_.find("\r\n\r\n");
    if (headerEnd == std::string::npos)
      return std::nullopt;
    size_t at = buffer_.find("Content-Length:");
    if (at == std::string::npos || at > headerEnd)
      return std::nullopt;
    size_t length = std::stoul(buffer_.substr(at + 15, headerEnd - at - 15));
    if (buffer_.size() < headerEnd + 4 + length)
      return std::nullopt;
    std::string body = buffer_.substr(headerEnd + 4, length);
    buffer_.erase(0, headerEnd + 4 + length);
    return nlohmann::json::parse(body);
  }
};

} // namespace alint_test
