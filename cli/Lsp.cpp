#include "cli/Lsp.h"

#include "cli/ExprParser.h"
#include "cli/Failure.h"
#include "cli/Output.h"
#include "cli/SourceText.h"
#include "cli/Uri.h"
#include "cli/Workflow.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <istream>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

namespace alint {

using nlohmann::json;

namespace {

// Paths compared the way fileUri writes them: absolute, dots removed.
std::string normalPath(const std::string &p) {
  llvm::SmallString<256> a(p);
  llvm::sys::fs::make_absolute(a);
  llvm::sys::path::remove_dots(a, true);
  return std::string(a);
}

// One JSON-RPC message from `in` (headers, blank line, body); false at EOF.
bool readMessage(std::istream &in, std::string &body) {
  size_t length = 0;
  bool haveLength = false;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty()) {
      if (!haveLength)
        continue; // stray blank line before a message
      body.assign(length, '\0');
      in.read(&body[0], std::streamsize(length));
      return size_t(in.gcount()) == length;
    }
    std::string key = line.substr(0, line.find(':'));
    for (char &c : key)
      c = char(std::tolower(static_cast<unsigned char>(c)));
    if (key == "content-length") {
      try {
        length = std::stoul(line.substr(line.find(':') + 1));
        haveLength = true;
      } catch (...) {
        return false;
      }
    }
  }
  return false;
}

struct Document {
  std::string uri; // as the client spelled it: published back unchanged
  std::string text;
  int version = 0;
};

class Server {
public:
  Server(const Options &o, const TargetResolver &resolve, std::ostream &out)
      : base_(o), resolve_(resolve), out_(out), worker_([this] { work(); }) {
    base_.quiet = true; // no progress or summaries: stdout is the protocol
    base_.files.clear();
    base_.fix = false;
    base_.exportFixes.clear();
    base_.writeBaseline.clear();
    base_.lsp = false;
    base_.jobs = 1;
    base_.format = OutputFormat::Lsp;
  }
  ~Server() {
    {
      std::lock_guard<std::mutex> l(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    worker_.join();
  }

  // Handles one message; false on `exit`.
  bool handle(const json &m) {
    std::string method = m.value("method", "");
    bool isRequest = m.contains("id");
    json params = m.value("params", json::object());
    if (isRequest) {
      if (method == "initialize")
        return reply(m["id"], initialize(params)), true;
      if (method == "shutdown") {
        shutdown_ = true;
        return reply(m["id"], nullptr), true;
      }
      if (method == "textDocument/hover")
        return reply(m["id"], hover(params)), true;
      if (method == "textDocument/codeAction")
        return reply(m["id"], codeActions(params)), true;
      if (method.empty())
        return true; // a response to something we never ask
      sendError(m["id"], -32601, "method not supported: " + method);
      return true;
    }
    if (method == "exit")
      return false;
    if (method == "textDocument/didOpen") {
      const json &td = params.at("textDocument");
      std::string uri = td.at("uri").get<std::string>();
      if (auto path = pathOf(uri)) {
        std::lock_guard<std::mutex> l(mu_);
        docs_[*path] = {uri, td.value("text", ""), td.value("version", 0)};
        schedule(*path);
      }
    } else if (method == "textDocument/didChange") {
      // Analysed on save: the text is kept for nothing else than knowing
      // the document is open.
      std::string uri = params.at("textDocument").at("uri").get<std::string>();
      if (auto path = pathOf(uri)) {
        std::lock_guard<std::mutex> l(mu_);
        auto it = docs_.find(*path);
        if (it != docs_.end() && params.contains("contentChanges") && !params["contentChanges"].empty())
          it->second.text = params["contentChanges"].back().value("text", it->second.text);
      }
    } else if (method == "textDocument/didSave") {
      std::string uri = params.at("textDocument").at("uri").get<std::string>();
      if (auto path = pathOf(uri)) {
        std::lock_guard<std::mutex> l(mu_);
        if (docs_.count(*path))
          schedule(*path);
      }
    } else if (method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri").get<std::string>();
      if (auto path = pathOf(uri)) {
        std::lock_guard<std::mutex> l(mu_);
        docs_.erase(*path);
        ++generation_[*path]; // a running analysis of it is now stale
        findings_.erase(*path);
        publish(uri, json::array());
      }
    } else if (method == "workspace/didChangeConfiguration") {
      std::string err;
      std::lock_guard<std::mutex> l(mu_);
      if (!configure(params.value("settings", json::object()), err))
        showMessage(1, "ascendc-lint: " + err);
      for (auto &[path, doc] : docs_)
        schedule(path);
    }
    return true; // other notifications ($/cancelRequest, initialized, ...) need nothing
  }

  bool shutdownRequested() const { return shutdown_; }

  void sendError(const json &id, int code, const std::string &message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }

  // Waits until no analysis is queued or running (end of input).
  void drain() {
    std::unique_lock<std::mutex> l(mu_);
    idle_.wait(l, [&] { return queue_.empty() && !busy_; });
  }

private:
  Options base_;
  TargetResolver resolve_;
  std::ostream &out_;
  std::mutex outMu_;
  std::mutex mu_; // everything below
  std::condition_variable cv_, idle_;
  std::map<std::string, Document> docs_;       // by normalised path
  std::map<std::string, uint64_t> generation_; // by path: bumped by each request
  std::deque<std::string> queue_;
  std::map<std::string, json> findings_;                      // published diagnostics by path
  std::map<std::string, std::set<std::string>> publishedFor_; // analysed path -> paths it published
  bool stop_ = false, busy_ = false, shutdown_ = false;
  std::thread worker_;

  std::optional<std::string> pathOf(const std::string &uri) {
    auto p = uriToPath(uri);
    if (!p)
      return std::nullopt;
    return normalPath(*p);
  }

  // The URI to publish a path under: the client's own for an open document.
  std::string uriFor(const std::string &path) {
    auto it = docs_.find(path);
    return it != docs_.end() ? it->second.uri : fileUri(path);
  }

  void send(const json &msg) {
    std::string body = msg.dump(-1, ' ', false, json::error_handler_t::replace);
    std::lock_guard<std::mutex> l(outMu_);
    out_ << "Content-Length: " << body.size() << "\r\n\r\n" << body;
    out_.flush();
  }
  void reply(const json &id, const json &result) { send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}); }
  void notify(const std::string &method, const json &params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }
  void publish(const std::string &uri, const json &diags) {
    notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", diags}});
  }
  void showMessage(int type, const std::string &text) {
    notify("window/showMessage", {{"type", type}, {"message", text}});
  }

  json initialize(const json &params) {
    if (params.contains("initializationOptions") && params["initializationOptions"].is_object()) {
      std::string err;
      std::lock_guard<std::mutex> l(mu_);
      if (!configure(params["initializationOptions"], err))
        showMessage(1, "ascendc-lint: " + err);
    }
    return {{"capabilities",
             {{"positionEncoding", "utf-16"},
              {"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", false}}}}},
              {"hoverProvider", true},
              {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}}}},
            {"serverInfo", {{"name", "ascendc-lint"}, {"version", ALINT_VERSION}}}};
  }

  // Settings: {"ascendc-lint": {...}} or the object itself. Keys: targets,
  // checks, assumptions, autoSync, showUnknown, headerFilter, cacheDir.
  bool configure(json s, std::string &err) {
    if (s.contains("ascendc-lint"))
      s = s["ascendc-lint"];
    if (!s.is_object())
      return true;
    Options o = base_;
    try {
      if (s.contains("targets")) {
        o.targets = s["targets"].get<std::vector<std::string>>();
        for (const std::string &t : o.targets)
          if (!resolve_(t)) {
            err = "unknown target '" + t + "'";
            return false;
          }
      }
      if (s.contains("checks")) {
        o.checks = s["checks"].get<std::string>();
        o.checksGiven = true;
      }
      if (s.contains("assumptions")) {
        o.assumptions = s["assumptions"].get<std::vector<std::string>>();
        for (const std::string &a : o.assumptions)
          if (!parseAssumption(a, err))
            return false;
      }
      if (s.contains("autoSync")) {
        o.autoSync = s["autoSync"].get<bool>();
        o.autoSyncGiven = true;
      }
      if (s.contains("showUnknown"))
        o.showUnknown = s["showUnknown"].get<bool>();
      if (s.contains("headerFilter")) {
        o.headerFilter = s["headerFilter"].get<std::string>();
        o.headerFilterGiven = true;
      }
      if (s.contains("cacheDir"))
        o.cacheDir = s["cacheDir"].get<std::string>();
    } catch (const std::exception &e) {
      err = std::string("bad settings: ") + e.what();
      return false;
    }
    base_ = o;
    return true;
  }

  void schedule(const std::string &path) { // mu_ held
    ++generation_[path];
    for (auto it = queue_.begin(); it != queue_.end(); ++it)
      if (*it == path) {
        queue_.erase(it);
        break;
      }
    queue_.push_front(path); // the newest request first
    cv_.notify_all();
  }

  void work() {
    std::unique_lock<std::mutex> l(mu_);
    for (;;) {
      cv_.wait(l, [&] { return stop_ || !queue_.empty(); });
      if (stop_)
        return;
      std::string path = queue_.front();
      queue_.pop_front();
      uint64_t gen = generation_[path];
      Options o = base_;
      busy_ = true;
      l.unlock();
      std::map<std::string, json> results = analyse(path, o);
      l.lock();
      busy_ = false;
      // Stale: the document changed, closed or the settings changed meanwhile.
      if (generation_[path] == gen && docs_.count(path)) {
        std::set<std::string> now;
        for (auto &[p, diags] : results) {
          now.insert(p);
          findings_[p] = diags;
          publish(uriFor(p), diags);
        }
        for (const std::string &p : publishedFor_[path])
          if (!now.count(p) && !docs_.count(p)) { // a header whose findings went away
            findings_.erase(p);
            publish(uriFor(p), json::array());
          }
        publishedFor_[path] = now;
      }
      if (queue_.empty())
        idle_.notify_all();
    }
  }

  // Diagnostics by normalised path: the file's (possibly none) and those of
  // the headers it includes.
  std::map<std::string, json> analyse(const std::string &path, Options o) {
    std::map<std::string, json> byPath;
    byPath[path] = json::array();
    o.files = {path};
    std::vector<std::pair<std::string, Sym>> assumptions;
    std::string err;
    for (const std::string &a : o.assumptions)
      if (auto s = parseAssumption(a, err))
        assumptions.push_back({a, *s});
    RunResult rr = runLint(o, resolve_, assumptions);
    SourceText src;
    std::vector<std::string> messages;
    if (!finishRun(rr, o, src, messages, err)) {
      std::lock_guard<std::mutex> l(mu_);
      showMessage(1, "ascendc-lint: " + err);
      return byPath;
    }
    std::ostringstream ss;
    printLsp(rr, src, ss);
    std::istringstream lines(ss.str());
    std::string line;
    while (std::getline(lines, line)) {
      json doc = json::parse(line, nullptr, false);
      if (doc.is_discarded())
        continue;
      auto p = uriToPath(doc.value("uri", ""));
      if (!p)
        continue;
      json &list = byPath[normalPath(*p)];
      if (!list.is_array())
        list = json::array();
      for (auto &d : doc["diagnostics"])
        list.push_back(d);
    }
    // A file that could not be analysed: Clang's first error, where it is.
    for (const FileResult &fr : rr.files)
      if (!fr.ok) {
        FailureLoc f = splitFailure(fr);
        std::string where = normalPath(f.file);
        unsigned line0 = f.line ? f.line - 1 : 0, col0 = f.column ? f.column - 1 : 0;
        if (!byPath.count(where)) {
          where = path;
          line0 = col0 = 0;
        }
        byPath[where].push_back(
            {{"range",
              {{"start", {{"line", line0}, {"character", col0}}}, {"end", {{"line", line0}, {"character", col0}}}}},
             {"severity", 1},
             {"code", "clang-diagnostic-error"},
             {"source", "ascendc-lint"},
             {"message", "not analysed: " + f.message}});
      }
    // Related locations and fix-its name files by URI: the client's own
    // spelling for open documents.
    std::lock_guard<std::mutex> l(mu_);
    for (auto &[p, list] : byPath)
      for (auto &d : list) {
        if (d.contains("relatedInformation"))
          for (auto &r : d["relatedInformation"])
            if (auto rp = uriToPath(r["location"]["uri"].get<std::string>()))
              r["location"]["uri"] = uriFor(normalPath(*rp));
        if (d.contains("data") && d["data"].contains("fixits"))
          for (auto &e : d["data"]["fixits"])
            if (auto ep = uriToPath(e["uri"].get<std::string>()))
              e["uri"] = uriFor(normalPath(*ep));
      }
    return byPath;
  }

  static bool contains(const json &range, unsigned line, unsigned ch) {
    unsigned sl = range["start"]["line"], sc = range["start"]["character"];
    unsigned el = range["end"]["line"], ec = range["end"]["character"];
    if (line < sl || line > el)
      return false;
    if (line == sl && ch < sc)
      return false;
    return !(line == el && ch > ec);
  }

  static bool overlaps(const json &a, const json &b) {
    auto before = [](const json &x, const json &y) { // x's end before y's start
      unsigned xl = x["end"]["line"], xc = x["end"]["character"], yl = y["start"]["line"], yc = y["start"]["character"];
      return xl < yl || (xl == yl && xc < yc);
    };
    return !before(a, b) && !before(b, a);
  }

  json hover(const json &params) {
    auto path = pathOf(params.at("textDocument").at("uri").get<std::string>());
    unsigned line = params.at("position").at("line"), ch = params.at("position").at("character");
    std::lock_guard<std::mutex> l(mu_);
    if (!path || !findings_.count(*path))
      return nullptr;
    std::string text;
    json range;
    for (const json &d : findings_[*path]) {
      if (!contains(d["range"], line, ch))
        continue;
      if (!text.empty())
        text += "\n\n---\n\n";
      // The message holds the counterexample and hint lines (docs/lsp.md).
      std::string msg = d.value("message", "");
      std::string md;
      for (char c : msg)
        md += c == '\n' ? std::string("  \n") : std::string(1, c);
      text += "**" + d.value("code", std::string("ascendc-lint")) + "**";
      if (d.contains("data") && d["data"].contains("status"))
        text += " (" + d["data"]["status"].get<std::string>() + ")";
      text += ": " + md;
      if (d.contains("relatedInformation"))
        for (const json &r : d["relatedInformation"])
          text += "  \nnote (line " + std::to_string(r["location"]["range"]["start"]["line"].get<unsigned>() + 1) +
                  "): " + r.value("message", "");
      if (range.is_null())
        range = d["range"];
    }
    if (text.empty())
      return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", text}}}, {"range", range}};
  }

  json codeActions(const json &params) {
    std::string uri = params.at("textDocument").at("uri").get<std::string>();
    auto path = pathOf(uri);
    json actions = json::array();
    std::lock_guard<std::mutex> l(mu_);
    if (!path || !findings_.count(*path))
      return actions;
    const json &range = params.at("range");
    for (const json &d : findings_[*path]) {
      if (!d.contains("data") || !d["data"].contains("fixits") || !overlaps(d["range"], range))
        continue;
      json changes = json::object();
      for (const json &e : d["data"]["fixits"]) {
        std::string u = e["uri"];
        if (!changes.contains(u))
          changes[u] = json::array();
        changes[u].push_back({{"range", e["range"]}, {"newText", e["newText"]}});
      }
      actions.push_back({{"title", "Apply ascendc-lint fix: " + d.value("code", std::string())},
                         {"kind", "quickfix"},
                         {"isPreferred", true},
                         {"diagnostics", json::array({d})},
                         {"edit", {{"changes", changes}}}});
    }
    return actions;
  }
};

} // namespace

int runLanguageServer(const Options &o, const TargetResolver &resolve, std::istream &in, std::ostream &out) {
  Server server(o, resolve, out);
  std::string body;
  while (readMessage(in, body)) {
    json m = json::parse(body, nullptr, false);
    if (m.is_discarded() || !m.is_object())
      continue; // JSON-RPC says: answer a parse error; a message without an id cannot be answered
    bool go = true;
    try {
      go = server.handle(m);
    } catch (const std::exception &e) { // a malformed message: answer a request, skip a notification
      if (m.contains("id"))
        server.sendError(m["id"], -32602, std::string("invalid params: ") + e.what());
    }
    if (!go)
      return server.shutdownRequested() ? 0 : 1;
  }
  server.drain(); // input closed: let queued analyses publish
  return server.shutdownRequested() ? 0 : 1;
}

} // namespace alint
