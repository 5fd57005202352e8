#include "checker/frontend/Frontend.h"
#include "checker/frontend/Interpreter.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticLex.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/Path.h>

#include <set>

namespace alint {

namespace {

using namespace clang;

bool isKernelEntry(const FunctionDecl *fd) {
  if (!fd->doesThisDeclarationHaveABody() || fd->isDependentContext())
    return false;
  for (const auto *a : fd->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == "ascendc_global")
      return true;
  return false;
}

class EntryCollector : public RecursiveASTVisitor<EntryCollector> {
public:
  std::vector<const FunctionDecl *> entries;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (isKernelEntry(fd))
      entries.push_back(fd);
    return true;
  }
};

// Keeps the first error (file:line:col: message), where every error is, and
// the headers that were not found.
class ErrorCollector : public DiagnosticConsumer {
public:
  unsigned errors = 0;
  std::string first;
  std::vector<unsigned> locs;
  std::vector<std::string> missing;
  bool fatalOther = false; // a fatal error that is not a missing include
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error)
      return;
    ++errors;
    if (info.getID() == diag::err_pp_file_not_found && info.getNumArgs() > 0 &&
        info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
      missing.push_back(info.getArgStdStr(0));
    else if (level == DiagnosticsEngine::Fatal)
      fatalOther = true;
    if (info.getLocation().isValid())
      locs.push_back(info.getLocation().getRawEncoding());
    if (!first.empty())
      return;
    llvm::SmallString<256> msg;
    info.FormatDiagnostic(msg);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      PresumedLoc p =
          info.getSourceManager().getPresumedLoc(info.getSourceManager().getExpansionLoc(info.getLocation()));
      if (p.isValid())
        where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) +
                ": ";
    }
    first = where + std::string(msg);
  }
};

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e) : opts(o), model(m), errs(e) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    // A missing header is retried with an empty stand-in; do not analyse yet.
    if (!errs.missing.empty() || errs.fatalOther)
      return;
    EntryCollector c;
    c.TraverseDecl(ctx.getTranslationUnitDecl());
    for (const FunctionDecl *fd : c.entries)
      model.kernels.push_back(interpretKernel(ctx, fd, opts.apiDir, opts, errs.locs));
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e) : opts(o), model(m), errs(e) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(opts, model, errs);
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
};

const char *kMissingDir = "/__ascendc_lint_missing__";

std::vector<std::string> clangArgs(const FrontendOptions &opts) {
  std::vector<std::string> args = {"clang++",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-x",
                                   "c++",
                                   "-w",
                                   "-ferror-limit=0",
                                   "-D__NPU_ARCH__=" + std::to_string(opts.npuArch),
                                   "-D__CCE_AICORE__=" + std::to_string(opts.cceAicore),
                                   "-DASCENDC_LINT=1"};
  if (!opts.resourceDir.empty())
    args.push_back("-resource-dir=" + opts.resourceDir);
  // The bundled API goes first so it wins over a CANN install on the path.
  if (!opts.apiDir.empty())
    args.push_back("-I" + opts.apiDir);
  for (auto &a : opts.extraArgs)
    args.push_back(a);
  // Headers that do not exist (host-side acl headers, tiling headers
  // generated at build time) resolve here, last, to empty files.
  args.push_back(std::string("-idirafter") + kMissingDir);
  return args;
}

FrontendResult runTool(const std::string &file, const std::string *code, const FrontendOptions &opts) {
  FrontendResult res;
  res.model.file = file;
  llvm::SmallString<256> abs(file);
  llvm::sys::fs::make_absolute(abs);
  std::set<std::string> stubbed;
  for (unsigned round = 0;; ++round) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> mem(new llvm::vfs::InMemoryFileSystem);
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
        new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
    overlay->pushOverlay(mem);
    if (code)
      mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(*code));
    for (const std::string &h : stubbed)
      mem->addFile(std::string(kMissingDir) + "/" + h, 0,
                   llvm::MemoryBuffer::getMemBufferCopy("// missing header replaced by ascendc-lint\n"));
    mem->addFile(std::string(kMissingDir) + "/.keep", 0, llvm::MemoryBuffer::getMemBufferCopy(""));
    std::vector<std::string> args = clangArgs(opts);
    // Locations keep the path as the user wrote it (as clang-tidy does).
    args.push_back(code ? std::string(abs) : file);
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
    ErrorCollector errs;
    res.model.kernels.clear();
    auto action = std::make_unique<KernelAction>(opts, res.model, errs);
    tooling::ToolInvocation inv(args, std::move(action), files.get());
    inv.setDiagnosticConsumer(&errs);
    bool ran = inv.run();
    bool fresh = false;
    for (const std::string &m : errs.missing)
      if (stubbed.insert(m).second)
        fresh = true;
    if (fresh && round < opts.maxMissingIncludes)
      continue;
    res.missingIncludes.assign(stubbed.begin(), stubbed.end());
    res.compileErrors = errs.errors;
    res.firstCompileError = errs.first;
    if (!errs.missing.empty() || errs.fatalOther || (!ran && res.model.kernels.empty()) ||
        (errs.errors && res.model.kernels.empty())) {
      res.error = errs.first.empty() ? file + ": could not be parsed" : errs.first;
      return res;
    }
    res.ok = true;
    return res;
  }
}

} // namespace

FrontendResult analyzeFile(const std::string &file, const FrontendOptions &opts) {
  return runTool(file, nullptr, opts);
}

FrontendResult analyzeCode(const std::string &code, const std::string &fileName, const FrontendOptions &opts) {
  return runTool(fileName, &code, opts);
}

} // namespace alint
