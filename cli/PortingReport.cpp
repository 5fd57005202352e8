#include "cli/PortingReport.h"

#include "rules/Checks.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <set>
#include <tuple>

namespace alint {

namespace {

std::string join(const std::vector<std::string> &xs) {
  std::string s;
  for (const std::string &x : xs)
    s += (s.empty() ? "" : ", ") + x;
  return s;
}

int rank(Severity s) { return s == Severity::Error ? 2 : s == Severity::Warning ? 1 : 0; }

// The chips among `names` for which `has` holds (built-in descriptions only).
template <class F> std::vector<std::string> chipsWhere(const std::vector<std::string> &names, F has) {
  std::vector<std::string> r;
  for (const std::string &n : names)
    if (const model::TargetSpec *t = model::findBuiltinTarget(n); t && has(*t))
      r.push_back(n);
  return r;
}

// Why a finding holds on f.onlyOn but not on f.notOn, from the chip
// descriptions where they are known (a --target-file chip that shadows no
// built-in gets the generic reason).
std::string reasonFor(const PortingFinding &f, const std::vector<std::string> &all) {
  const std::string &c = f.check;
  std::string only = join(f.onlyOn), notOn = join(f.notOn);
  auto spec = [](const std::string &n) { return model::findBuiltinTarget(n); };
  if (c == "capacity-overflow") {
    if (f.message.find("SIMT Data Cache") != std::string::npos) {
      auto simt = chipsWhere(all, [](const model::TargetSpec &t) { return t.simt.has_value(); });
      return "capacity: the SIMT Data Cache (--simt-dcache) takes UB only on chips with SIMT" +
             (simt.empty() ? std::string() : " (" + join(simt) + ")");
    }
    auto mem = parseMem(f.message.substr(0, f.message.find(' ')));
    if (mem) {
      std::string sizes;
      for (const std::vector<std::string> *side : {&f.onlyOn, &f.notOn})
        for (const std::string &n : *side)
          if (const model::TargetSpec *t = spec(n))
            if (const model::MemorySpec *m = t->memory(*mem))
              sizes += (sizes.empty() ? "" : ", ") + n + " " + bytesText(int64_t(m->usableBytes));
      return "capacity: " + std::string(memName(*mem)) + " sizes differ" +
             (sizes.empty() ? "" : " (usable: " + sizes + ")");
    }
    return "capacity: the memory sizes of the chips differ";
  }
  if (c.rfind("nddma-", 0) == 0 || (c == "path-illegal" && f.message.find("NDDMA") != std::string::npos)) {
    auto nd = chipsWhere(all, [](const model::TargetSpec &t) { return t.hasNdDma; });
    return "NDDMA: the multi-dimensional DMA exists only on " + (nd.empty() ? std::string("some chips") : join(nd));
  }
  if (c == "path-illegal" && f.message.find("programming model is Ascend 950 only") != std::string::npos) {
    auto simt = chipsWhere(all, [](const model::TargetSpec &t) { return t.simt.has_value(); });
    return "programming model: register vector functions (Reg/MicroAPI, __VEC_SCOPE__) exist only on " +
           (simt.empty() ? std::string("some chips") : join(simt)) +
           "; a 910B kernel's LocalTensor vector instructions still work there, not the reverse";
  }
  if (c == "path-illegal")
    return "removed paths: this data movement does not exist on " + only + " but does on " + notOn;
  if (c == "sync-event")
    return "dropped events: the legal HardEvents, event-id pools or reserved ids differ (" + only + " rejects what " +
           notOn + " accepts)";
  if (c == "sync-crosscore")
    return "cross-core sync: flag ids, modes or reserved flags differ between " + only + " and " + notOn;
  if (c == "align-address" || c == "align-copy-length")
    return "alignment: the memories' alignment rules differ between " + only + " and " + notOn;
  if (c == "perf-bank-conflict") {
    std::string layouts;
    for (const std::string &n : all)
      if (const model::TargetSpec *t = spec(n))
        layouts +=
            (layouts.empty() ? "" : ", ") + n + " " +
            (t->ubBanks && !t->ubBanks->readRead.empty()
                 ? std::to_string(t->ubBanks->bankGroups) + " groups x " + std::to_string(t->ubBanks->banksPerGroup) +
                       " banks, reads conflict per " + t->ubBanks->readRead
                 : std::string("no known bank layout"));
    return "UB bank layout: " + (layouts.empty() ? std::string("the layouts differ") : layouts);
  }
  return "the chips differ in a fact this check uses, or the kernel's code depends on __NPU_ARCH__";
}

} // namespace

PortingReport buildPortingReport(const RunResult &rr) {
  PortingReport p;
  for (const FileResult &fr : rr.files)
    for (const KernelVerdict &kv : fr.verdicts)
      if (std::find(p.targets.begin(), p.targets.end(), kv.target) == p.targets.end())
        p.targets.push_back(kv.target);
  if (p.targets.size() < 2)
    return p;
  auto order = [&](const std::string &t) {
    return std::find(p.targets.begin(), p.targets.end(), t) - p.targets.begin();
  };
  for (const FileResult &fr : rr.files) {
    // The chips each kernel was linted on.
    std::map<std::string, std::set<std::string>> linted;
    for (const KernelVerdict &kv : fr.verdicts)
      linted[kv.kernel].insert(kv.target);
    // Findings by (kernel, check, location), in diagnostic order.
    using Key = std::tuple<std::string, std::string, std::string, unsigned, unsigned>;
    std::map<Key, size_t> index;
    std::vector<std::pair<PortingFinding, std::set<std::string>>> groups;
    for (const Diagnostic &d : fr.diags) {
      if (d.severity == Severity::Note || d.target.empty())
        continue;
      Key k{d.kernel, d.check, d.loc.file, d.loc.line, d.loc.column};
      auto [it, fresh] = index.emplace(k, groups.size());
      if (fresh) {
        PortingFinding f;
        f.file = fr.file;
        f.kernel = d.kernel;
        f.check = d.check;
        f.loc = d.loc;
        f.severity = d.severity;
        f.message = d.message;
        groups.push_back({f, {}});
      }
      auto &g = groups[it->second];
      g.second.insert(d.target);
      if (rank(d.severity) > rank(g.first.severity))
        g.first.severity = d.severity;
    }
    for (auto &[f, on] : groups) {
      const std::set<std::string> &all = linted[f.kernel];
      if (all.size() < 2)
        continue;
      for (const std::string &t : all)
        (on.count(t) ? f.onlyOn : f.notOn).push_back(t);
      if (f.notOn.empty())
        continue;
      auto byOrder = [&](const std::string &a, const std::string &b) { return order(a) < order(b); };
      std::sort(f.onlyOn.begin(), f.onlyOn.end(), byOrder);
      std::sort(f.notOn.begin(), f.notOn.end(), byOrder);
      std::vector<std::string> allSorted(all.begin(), all.end());
      std::sort(allSorted.begin(), allSorted.end(), byOrder);
      f.reason = reasonFor(f, allSorted);
      p.findings.push_back(f);
    }
  }
  return p;
}

void printPortingText(const PortingReport &p, std::ostream &out) {
  if (p.targets.size() < 2)
    return;
  out << "porting report (" << join(p.targets) << "): ";
  if (p.findings.empty()) {
    out << "every finding appears on every chip\n";
    return;
  }
  out << p.findings.size() << " finding" << (p.findings.size() > 1 ? "s" : "") << " on some chips only\n";
  for (const PortingFinding &f : p.findings)
    out << "  " << locText(f.loc) << ": " << severityName(f.severity) << " [" << f.check << "] only on "
        << join(f.onlyOn) << ", not on " << join(f.notOn) << ": " << f.reason << "\n";
}

nlohmann::json portingJson(const PortingReport &p) {
  nlohmann::json findings = nlohmann::json::array();
  for (const PortingFinding &f : p.findings)
    findings.push_back({{"check", f.check},
                        {"severity", severityName(f.severity)},
                        {"file", f.loc.file},
                        {"line", f.loc.line},
                        {"column", f.loc.column},
                        {"kernel", f.kernel},
                        {"message", f.message},
                        {"only_on", f.onlyOn},
                        {"not_on", f.notOn},
                        {"reason", f.reason}});
  return {{"targets", p.targets}, {"findings", findings}};
}

} // namespace alint
