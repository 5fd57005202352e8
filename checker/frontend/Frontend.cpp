#include "checker/frontend/Frontend.h"
#include "checker/frontend/Interpreter.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/Path.h>

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

// Keeps the first error (file:line:col: message) and counts errors.
class ErrorCollector : public DiagnosticConsumer {
public:
  unsigned errors = 0;
  std::string first;
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error)
      return;
    ++errors;
    if (!first.empty())
      return;
    llvm::SmallString<256> msg;
    info.FormatDiagnostic(msg);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      PresumedLoc p = info.getSourceManager().getPresumedLoc(
          info.getSourceManager().getExpansionLoc(info.getLocation()));
      if (p.isValid())
        where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                std::to_string(p.getColumn()) + ": ";
    }
    first = where + std::string(msg);
  }
};

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e)
      : opts(o), model(m), errs(e) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    if (errs.errors > 0)
      return;
    EntryCollector c;
    c.TraverseDecl(ctx.getTranslationUnitDecl());
    for (const FunctionDecl *fd : c.entries)
      model.kernels.push_back(interpretKernel(ctx, fd, opts.apiDir, opts));
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e)
      : opts(o), model(m), errs(e) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(opts, model, errs);
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
};

class KernelActionFactory : public tooling::FrontendActionFactory {
public:
  KernelActionFactory(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e)
      : opts(o), model(m), errs(e) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<KernelAction>(opts, model, errs);
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
};

std::vector<std::string> clangArgs(const FrontendOptions &opts) {
  std::vector<std::string> args = {
      "-fsyntax-only", "-std=c++17", "-x", "c++", "-w", "-ferror-limit=1",
      "-D__NPU_ARCH__=" + std::to_string(opts.npuArch),
      "-D__CCE_AICORE__=" + std::to_string(opts.cceAicore), "-DASCENDC_LINT=1",
      "-D__CCE_KT_TEST__=0"};
  if (!opts.resourceDir.empty())
    args.push_back("-resource-dir=" + opts.resourceDir);
  // The bundled API goes first so it wins over a CANN install on the path.
  if (!opts.apiDir.empty())
    args.push_back("-I" + opts.apiDir);
  for (auto &a : opts.extraArgs)
    args.push_back(a);
  return args;
}

FrontendResult runTool(const std::string &file, const std::string *code, const FrontendOptions &opts) {
  FrontendResult res;
  res.model.file = file;
  ErrorCollector errs;
  std::vector<std::string> args = clangArgs(opts);
  if (code) {
    auto action = std::make_unique<KernelAction>(opts, res.model, errs);
    std::vector<std::string> full = {"clang++"};
    full.insert(full.end(), args.begin(), args.end());
    // runToolOnCodeWithArgs has no diagnostic consumer hook: use ToolInvocation.
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> mem(new llvm::vfs::InMemoryFileSystem);
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
        new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
    overlay->pushOverlay(mem);
    llvm::SmallString<256> abs(file);
    llvm::sys::fs::make_absolute(abs);
    mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(*code));
    full.push_back(std::string(abs));
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
    tooling::ToolInvocation inv(full, std::move(action), files.get());
    inv.setDiagnosticConsumer(&errs);
    bool ok = inv.run();
    if (!ok || errs.errors) {
      res.error = errs.first.empty() ? file + ": could not be parsed" : errs.first;
      return res;
    }
    res.ok = true;
    return res;
  }
  tooling::FixedCompilationDatabase db(".", args);
  tooling::ClangTool tool(db, {file});
  tool.setDiagnosticConsumer(&errs);
  tool.setPrintErrorMessage(false);
  KernelActionFactory factory(opts, res.model, errs);
  int rc = tool.run(&factory);
  if (rc != 0 || errs.errors) {
    res.error = errs.first.empty() ? file + ": could not be parsed" : errs.first;
    return res;
  }
  res.ok = true;
  return res;
}

} // namespace

FrontendResult analyzeFile(const std::string &file, const FrontendOptions &opts) {
  return runTool(file, nullptr, opts);
}

FrontendResult analyzeCode(const std::string &code, const std::string &fileName,
                           const FrontendOptions &opts) {
  return runTool(fileName, &code, opts);
}

} // namespace alint
