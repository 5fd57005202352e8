// `ascendc-lint --lsp` driven by a scripted JSON-RPC client, as an editor
// drives it: initialize, didOpen, publishDiagnostics, hover, codeAction,
// didChangeConfiguration, didClose, shutdown/exit. The file lives under a
// folder whose name needs percent-encoding, and the client spells its URI
// differently from the server's own encoding: URIs are compared decoded.
#include "LspClient.h"
#include "TestFiles.h"

#include <catch2/catch.hpp>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;

// Encodes only what a URI cannot hold (non-ASCII, space, %): '+', '(' and
// ')' stay as they are, unlike the server's own fileUri.
static std::string clientUri(const std::string &path) {
  static const char *hex = "0123456789ABCDEF";
  std::string u = "file://";
  for (unsigned char c : path) {
    if (c >= 0x80 || c == ' ' || c == '%') {
      u += '%';
      u += hex[c >> 4];
      u += hex[c & 15];
    } else {
      u += char(c);
    }
  }
  return u;
}

TEST_CASE("the language server publishes findings, hovers, offers fix-its and follows its settings", "[cli]") {
  std::string dir = freshDir("lsp") + "/d\xC3\xA9j\xC3\xA0 vu+(x)";
  std::system(("mkdir -p " + shellQuote(dir)).c_str());
  std::string k = dir + "/k.cpp";
  std::string text = slurp(kSamples + "/sync-unpaired/set_never_waited_bad.cpp");
  spit(k, text);
  std::string uri = clientUri(k);

  LspClient c(ALINT_BINARY);
  int init = c.request("initialize", {{"processId", nullptr},
                                      {"rootUri", nullptr},
                                      {"capabilities", nlohmann::json::object()},
                                      {"initializationOptions", {{"targets", {"ascend910b"}}}}});
  auto ir = c.response(init);
  REQUIRE(ir);
  CHECK((*ir)["result"]["capabilities"]["hoverProvider"] == true);
  CHECK((*ir)["result"]["capabilities"]["codeActionProvider"]["codeActionKinds"][0] == "quickfix");
  CHECK((*ir)["result"]["serverInfo"]["name"] == "ascendc-lint");
  c.notify("initialized", nlohmann::json::object());
  c.notify("textDocument/didOpen",
           {{"textDocument", {{"uri", uri}, {"languageId", "cpp"}, {"version", 1}, {"text", text}}}});

  auto pub = c.diagnostics(uri);
  REQUIRE(pub);
  auto diags = (*pub)["params"]["diagnostics"];
  REQUIRE(diags.size() >= 1);
  nlohmann::json d;
  for (auto &x : diags)
    if (x["code"] == "sync-unpaired")
      d = x;
  REQUIRE(d.is_object());
  CHECK(d["severity"] == 1);
  CHECK(d["source"] == "ascendc-lint");
  REQUIRE(d["data"].contains("fixits"));
  CHECK(d["data"]["fixits"][0]["uri"] == uri);

  // hover on the finding: its message
  int h = c.request("textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", d["range"]["start"]}});
  auto hr = c.response(h);
  REQUIRE(hr);
  std::string hover = (*hr)["result"]["contents"]["value"];
  CHECK(hover.find("sync-unpaired") != std::string::npos);
  CHECK(hover.find(d["message"].get<std::string>().substr(0, 20)) != std::string::npos);
  // nothing to say away from it
  int h2 = c.request("textDocument/hover",
                     {{"textDocument", {{"uri", uri}}}, {"position", {{"line", 0}, {"character", 0}}}});
  auto hr2 = c.response(h2);
  REQUIRE(hr2);
  CHECK((*hr2)["result"].is_null());

  // the certain fix-it as a quick fix
  int ca = c.request("textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                                 {"range", d["range"]},
                                                 {"context", {{"diagnostics", nlohmann::json::array({d})}}}});
  auto car = c.response(ca);
  REQUIRE(car);
  REQUIRE((*car)["result"].size() == 1);
  auto &action = (*car)["result"][0];
  CHECK(action["kind"] == "quickfix");
  std::string newText = action["edit"]["changes"][uri][0]["newText"];
  CHECK(newText.find("WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);") != std::string::npos);

  // a counterexample: hover shows the values and the hint
  std::string t = dir + "/tiling.cpp";
  spit(t, slurp(kSamples + "/align-copy-length/add_tiling_bad.cpp"));
  std::string turi = clientUri(t);
  c.notify("textDocument/didOpen",
           {{"textDocument", {{"uri", turi}, {"languageId", "cpp"}, {"version", 1}, {"text", slurp(t)}}}});
  auto tpub = c.diagnostics(turi);
  REQUIRE(tpub);
  nlohmann::json cx;
  for (auto &x : (*tpub)["params"]["diagnostics"])
    if (x["code"] == "align-copy-length" && x["severity"] == 2)
      cx = x;
  REQUIRE(cx.is_object());
  int hc = c.request("textDocument/hover", {{"textDocument", {{"uri", turi}}}, {"position", cx["range"]["start"]}});
  auto hcr = c.response(hc);
  REQUIRE(hcr);
  std::string chover = (*hcr)["result"]["contents"]["value"];
  CHECK(chover.find("(counterexample)") != std::string::npos);
  CHECK(chover.find("counterexample: ") != std::string::npos);
  CHECK(chover.find("tiling.tileLength=") != std::string::npos);

  // settings: only the capacity checks, so the finding goes away
  c.notify("workspace/didChangeConfiguration", {{"settings", {{"ascendc-lint", {{"checks", "-*,capacity-*"}}}}}});
  auto again = c.diagnostics(uri);
  REQUIRE(again);
  CHECK((*again)["params"]["diagnostics"].empty());

  // an unknown request is an error, not silence
  int bad = c.request("textDocument/definition", {{"textDocument", {{"uri", uri}}}});
  auto br = c.response(bad);
  REQUIRE(br);
  CHECK((*br)["error"]["code"] == -32601);

  c.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
  auto closed = c.diagnostics(uri);
  REQUIRE(closed);
  CHECK((*closed)["params"]["diagnostics"].empty());

  int sd = c.request("shutdown", nullptr);
  auto sr = c.response(sd);
  REQUIRE(sr);
  CHECK((*sr)["result"].is_null());
  c.notify("exit", nullptr);
  CHECK(c.waitExit() == 0);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}
