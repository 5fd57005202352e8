#include "checker/frontend/Frontend.h"
#include "checker/frontend/AstWalk.h"
#include "checker/frontend/Interpreter.h"
#include "checker/frontend/LaunchSyntax.h"
#include "checker/project/OpProject.h"
#include "checker/project/TplSelect.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/DiagnosticLex.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

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

bool isKernelTemplate(const FunctionTemplateDecl *td) {
  const FunctionDecl *fd = td->getTemplatedDecl();
  if (!fd || !fd->doesThisDeclarationHaveABody() || td->getDeclContext()->isDependentContext())
    return false;
  for (const auto *a : fd->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == "ascendc_global")
      return true;
  return false;
}

class EntryCollector {
public:
  EntryCollector(const SourceManager &sm, const FrontendOptions &o) : sm(sm) {
    for (const std::string &d : {o.apiDir, o.resourceDir})
      if (!d.empty())
        libraryDirs.push_back(d + "/");
    if (!o.realApiDir.empty()) // the library's code, not its examples/ or tests/ beside it
      for (const char *sub : {"/include/", "/impl/"})
        libraryDirs.push_back(o.realApiDir + sub);
  }
  std::vector<const FunctionDecl *> entries;
  // Kernel templates no code in the file instantiates (the build system
  // instantiates them per tiling key, or a launch the linter cannot read).
  std::vector<const FunctionTemplateDecl *> uninstantiated;
  // ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL texts (api/include/ascendc_lint/tpl.h)
  // and the instantiations the frontend appended (name suffix -> function).
  std::vector<std::string> tplDecls, tplSels;
  std::map<unsigned, const FunctionDecl *> tplInsts;
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (isKernelEntry(fd))
      entries.push_back(fd);
    return true;
  }
  bool VisitVarDecl(VarDecl *vd) {
    if (!vd->getIdentifier() || !vd->getDeclContext()->isFileContext())
      return true;
    llvm::StringRef n = vd->getName();
    if (!n.starts_with("__ascendc_lint_tpl_"))
      return true;
    const Expr *init = vd->getInit() ? vd->getInit()->IgnoreParenImpCasts() : nullptr;
    if (const auto *sl = dyn_cast_or_null<StringLiteral>(init)) {
      if (n.starts_with("__ascendc_lint_tpl_decl_"))
        tplDecls.push_back(sl->getString().str());
      else if (n.starts_with("__ascendc_lint_tpl_sel_"))
        tplSels.push_back(sl->getString().str());
    } else if (n.consume_front("__ascendc_lint_tpl_inst_")) {
      unsigned idx = 0;
      const auto *uo = dyn_cast_or_null<UnaryOperator>(init);
      const auto *dre = uo ? dyn_cast<DeclRefExpr>(uo->getSubExpr()->IgnoreParenImpCasts()) : nullptr;
      if (dre && !n.getAsInteger(10, idx))
        if (const auto *fd = dyn_cast<FunctionDecl>(dre->getDecl()))
          tplInsts[idx] = fd;
    }
    return true;
  }
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *td) {
    if (!td->isThisDeclarationADefinition() || !isKernelTemplate(td))
      return true;
    for (const FunctionDecl *spec : td->specializations())
      if (spec->isThisDeclarationADefinition() || spec->getTemplateSpecializationKind() != TSK_Undeclared)
        if (spec->getBody())
          return true;
    uninstantiated.push_back(td);
    return true;
  }
  // The bundled API, Clang's and the system's headers declare no kernel:
  // their declarations are not walked (a quarter of this walk's time went
  // into the API's templates and their instantiations; callgrind).
  void collect(TranslationUnitDecl *tu) {
    AstWalk w;
    w.templateInstantiations = true;
    w.skip = [&](Decl *d) { return inLibrary(d->getLocation()); };
    w.decl = [&](Decl *d) {
      if (auto *fd = dyn_cast<FunctionDecl>(d))
        VisitFunctionDecl(fd);
      else if (auto *vd = dyn_cast<VarDecl>(d))
        VisitVarDecl(vd);
      else if (auto *td = dyn_cast<FunctionTemplateDecl>(d))
        VisitFunctionTemplateDecl(td);
    };
    w.run(tu);
  }

private:
  const SourceManager &sm;
  std::vector<std::string> libraryDirs;
  llvm::DenseMap<FileID, bool> library;
  bool inLibrary(SourceLocation loc) {
    if (loc.isInvalid())
      return false;
    FileID fid = sm.getFileID(sm.getExpansionLoc(loc));
    auto it = library.find(fid);
    if (it != library.end())
      return it->second;
    bool lib = sm.isInSystemHeader(sm.getExpansionLoc(loc));
    if (!lib)
      if (OptionalFileEntryRef fe = sm.getFileEntryRefForID(fid))
        for (const std::string &dir : libraryDirs)
          lib |= fe->getName().starts_with(dir);
    library[fid] = lib;
    return lib;
  }
};

// A kernel template that is never instantiated: its body depends on template
// parameters the linter does not know, so nothing about it is verified.
KernelModel opaqueTemplateKernel(const ASTContext &ctx, const FunctionTemplateDecl *td) {
  KernelModel km;
  km.name = td->getNameAsString();
  PresumedLoc p = ctx.getSourceManager().getPresumedLoc(ctx.getSourceManager().getExpansionLoc(td->getLocation()));
  if (p.isValid())
    km.loc = SourceLoc{p.getFilename(), p.getLine(), p.getColumn()};
  std::string params;
  for (const NamedDecl *nd : *td->getTemplateParameters())
    params += (params.empty() ? "" : ", ") + nd->getNameAsString();
  km.incomplete = "kernel template '" + km.name + "' is not instantiated in this file (template parameters " + params +
                  " unknown: launch it with template arguments, or instantiate it explicitly)";
  km.unknowns.push_back({km.incomplete, km.loc});
  return km;
}

// `kernel<<<blocks, l2ctrl, stream>>>(args)` is not C++. The launch
// configuration is blanked (same length, newlines kept, so every location
// stays where it was) and the launch reads as a call: a template kernel is
// instantiated with the launch's template arguments.
bool blankLaunchConfigs(std::string &src) {
  bool changed = false;
  size_t pos = 0;
  while ((pos = src.find("<<<", pos)) != std::string::npos) {
    std::optional<size_t> end = fe::launchConfigEnd(src, pos);
    if (!end) {
      pos += 3;
      continue;
    }
    for (size_t k = pos; k < *end + 3; ++k)
      if (src[k] != '\n')
        src[k] = ' ';
    changed = true;
    pos = *end + 3;
  }
  return changed;
}

// bisheng's bracket attributes `[aicore]`, `[aicpu]` and `[host]` (written
// directly or through `#define __aicore__ [aicore]` in a header, as
// asc-devkit impl/utils/sys_macros.h:39 does) are not C++: Clang reads
// `[aicore]` as a structured binding. Each is replaced by an identifier of
// the same length, padded with spaces (`__global__[aicore]` must not become
// one identifier), that the bundled macros.h defines as the matching
// annotation, so every location stays where it was. Text inside string and
// character literals and comments is left alone, and so is a subscript
// (`a[host]`: the bracket follows an identifier that is not a `__x__`
// qualifier macro such as `__global__`).
bool rewriteBracketAttributes(std::string &src) {
  static const std::pair<const char *, const char *> kAttrs[] = {
      {"[aicore]", " _ACOR_ "}, {"[aicpu]", " _ACPU "}, {"[host]", " _HST "}};
  if (src.find("[aicore]") == std::string::npos && src.find("[aicpu]") == std::string::npos &&
      src.find("[host]") == std::string::npos)
    return false;
  bool changed = false;
  auto ident = [](char c) { return isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t i = 0; i < src.size(); ++i) {
    char c = src[i];
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      i = src.find('\n', i);
      if (i == std::string::npos)
        break;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      i = src.find("*/", i + 2);
      if (i == std::string::npos)
        break;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      // R"(...)" raw strings hold no quotes that matter here; a plain scan is enough.
      if (c == '\'' && i > 0 && isxdigit(static_cast<unsigned char>(src[i - 1])) && i + 1 < src.size() &&
          isxdigit(static_cast<unsigned char>(src[i + 1])))
        continue; // digit separator 1'000
      for (++i; i < src.size() && src[i] != c && src[i] != '\n'; ++i)
        if (src[i] == '\\')
          ++i;
      continue;
    }
    if (c != '[')
      continue;
    for (const auto &[attr, repl] : kAttrs) {
      size_t n = strlen(attr);
      if (src.compare(i, n, attr) != 0)
        continue;
      if (i > 0 && ident(src[i - 1])) {
        size_t b = i;
        while (b > 0 && ident(src[b - 1]))
          --b;
        std::string prev = src.substr(b, i - b);
        bool qualifierMacro =
            prev.size() > 4 && prev.compare(0, 2, "__") == 0 && prev.compare(prev.size() - 2, 2, "__") == 0;
        if (!qualifierMacro)
          break;
      }
      src.replace(i, n, repl);
      changed = true;
      i += n - 1;
      break;
    }
  }
  return changed;
}

// Every file Clang reads (the main file and each header) passes through
// rewriteBracketAttributes; files without a bracket attribute are passed on
// untouched.
class RewritingFile : public llvm::vfs::File {
public:
  RewritingFile(llvm::vfs::Status st, std::unique_ptr<llvm::MemoryBuffer> buf)
      : st(std::move(st)), buf(std::move(buf)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return st; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const Twine &name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(buf->getBuffer(), name.str());
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status st;
  std::unique_ptr<llvm::MemoryBuffer> buf;
};

// It also finds the headers an operator's kernel includes through the build's
// staged layout (project::stagedKernelPath): Clang sees the file under the
// real name, so findings point at a file that exists.
class BracketAttributeFS : public llvm::vfs::ProxyFileSystem {
public:
  explicit BracketAttributeFS(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs) : ProxyFileSystem(std::move(fs)) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const Twine &path) override {
    auto st = ProxyFileSystem::status(path);
    if (st)
      return st;
    std::string real = staged(path);
    if (real.empty())
      return st;
    auto rs = ProxyFileSystem::status(real);
    if (rs)
      rs->ExposesExternalVFSPath = true;
    return rs;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const Twine &path) override {
    auto f = ProxyFileSystem::openFileForRead(path);
    bool redirected = false;
    if (!f) {
      std::string real = staged(path);
      if (real.empty())
        return f;
      f = ProxyFileSystem::openFileForRead(real);
      if (!f)
        return f;
      redirected = true;
    }
    auto st = (*f)->status();
    if (!st || !st->isRegularFile())
      return f;
    st->ExposesExternalVFSPath = st->ExposesExternalVFSPath || redirected;
    auto b = (*f)->getBuffer(path);
    if (!b)
      return f;
    std::string text = (*b)->getBuffer().str();
    if (!rewriteBracketAttributes(text))
      return std::unique_ptr<llvm::vfs::File>(std::make_unique<RewritingFile>(*st, std::move(*b)));
    return std::unique_ptr<llvm::vfs::File>(
        std::make_unique<RewritingFile>(*st, llvm::MemoryBuffer::getMemBufferCopy(text)));
  }

private:
  std::string staged(const Twine &path) {
    llvm::SmallString<256> abs;
    path.toVector(abs);
    if (!llvm::sys::path::is_absolute(abs))
      llvm::sys::fs::make_absolute(abs);
    return project::stagedKernelPath(std::string(abs));
  }
};

// The synthesised tiling structs: name -> field declarations, in the order
// found. A field read with `.x` after it is itself a struct, with `[` an array.
struct Synthesis {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> structs; // name -> (field, declaration)
  std::vector<std::string> order;                                                  // definition order
  std::set<std::string> constants; // undeclared ALL_CAPS names: opaque constants (free inputs)
  // The operator project's tiling structs, and those of them a use did not
  // find (the kernel's own definition is under an `#ifdef` that is off):
  // emitted from the project (tilingPrelude's `wanted`), never synthesised.
  std::set<std::string> projectStructs, fromProject;
  bool add(const std::string &rec, const std::string &field, const std::string &decl) {
    auto &fs = structs[rec];
    for (auto &f : fs)
      if (f.first == field)
        return false;
    fs.push_back({field, decl});
    return true;
  }
  bool addStruct(const std::string &name) {
    if (structs.count(name))
      return false;
    structs[name];
    order.push_back(name);
    return true;
  }
  // Nested structs before the structs that hold them.
  std::string text() const {
    std::string out;
    // A macro from a header that is missing: an unknown constant, every
    // value of int64_t possible (a read of it is a free input named after it).
    for (const std::string &c : constants)
      out += "extern const int64_t " + c + ";\n";
    std::set<std::string> done;
    std::function<void(const std::string &)> emit = [&](const std::string &n) {
      if (!done.insert(n).second)
        return;
      auto it = structs.find(n);
      for (auto &f : it->second)
        for (auto &o : order)
          if (o != n && f.second.rfind(o + " ", 0) == 0)
            emit(o);
      out += "struct " + n + " {";
      for (auto &f : it->second)
        out += " " + f.second + ";";
      out += " };\n";
    };
    for (auto &n : order)
      emit(n);
    return out;
  }
};

// Keeps the first error (file:line:col: message), where every error is, and
// the headers that were not found; finds what a synthesised tiling struct
// lacks and the syntax errors of the user's own code.
class ErrorCollector : public DiagnosticConsumer {
public:
  explicit ErrorCollector(Synthesis &syn) : syn(syn) {}
  unsigned errors = 0;
  std::string first;
  std::vector<unsigned> locs;
  std::vector<std::string> msgs; // parallel to locs
  // Where code met an error inside a template it instantiated ("requested
  // here"), with "file:line:col: message" of that error.
  std::vector<unsigned> siteLocs;
  std::vector<std::string> siteMsgs;
  std::vector<std::string> missing;
  std::vector<CompileError> syntax;
  std::set<std::string> dtypeMacros;
  unsigned mainFileLines = ~0u; // lines of the user's main file (more are appended by the frontend)
  bool fatalOther = false;      // a fatal error that is not a missing include
  bool synthGrew = false;       // a synthesised struct got a field or a new struct was needed
  unsigned synthErrors = 0;     // errors synthesis will remove
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == DiagnosticsEngine::Note && lastError && info.getLocation().isValid()) {
      // "in instantiation of template class 'W<half>' requested here": the
      // error (in a header's template) belongs to the code at this site too,
      // which is where the interpreter meets it; keep Clang's message and
      // where the error itself is.
      llvm::SmallString<256> note;
      info.FormatDiagnostic(note);
      if (note.str().contains("requested here")) {
        siteLocs.push_back(info.getLocation().getRawEncoding());
        siteMsgs.push_back(*lastError);
      }
      return;
    }
    if (level != DiagnosticsEngine::Note)
      lastError.reset();
    if (level < DiagnosticsEngine::Error)
      return;
    ++errors;
    llvm::SmallString<256> msg;
    info.FormatDiagnostic(msg);
    if (info.getID() == diag::err_pp_file_not_found && info.getNumArgs() > 0 &&
        info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
      missing.push_back(info.getArgStdStr(0));
    else if (level == DiagnosticsEngine::Fatal)
      fatalOther = true;
    synthesise(info);
    std::string where;
    SourceLoc sl;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const SourceManager &sm = info.getSourceManager();
      PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(info.getLocation()));
      if (p.isValid()) {
        where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) +
                ": ";
        sl = SourceLoc{p.getFilename(), p.getLine(), p.getColumn()};
      }
      // A parse error in the file itself is a syntax error of the user's
      // code (a missing `;`), not something the tool lacks: not analysed.
      unsigned cat = DiagnosticIDs::getCategoryNumberForDiag(info.getID());
      if (DiagnosticIDs::getCategoryNameFromID(cat) == "Parse Issue" &&
          info.getID() != diag::err_expected_namespace_name && // an undeclared namespace: a missing header
          sm.getFileID(sm.getExpansionLoc(info.getLocation())) == sm.getMainFileID() &&
          !info.getLocation().isMacroID() && sl.line <= mainFileLines)
        syntax.push_back({sl, std::string(msg)});
    }
    if (info.getLocation().isValid()) {
      locs.push_back(info.getLocation().getRawEncoding());
      msgs.push_back(std::string(msg));
      if (!where.empty())
        lastError = where + std::string(msg);
    }
    if (first.empty())
      first = where + std::string(msg);
    // ALINT_CLANG_ERRORS (a developer's aid, docs/architecture.md): every
    // error of every round on stderr, for calls that are "code that does
    // not compile".
    static const bool printErrors = getenv("ALINT_CLANG_ERRORS") != nullptr;
    if (printErrors)
      llvm::errs() << "clang error: " << where << msg << "\n";
  }

private:
  Synthesis &syn;
  std::optional<std::string> lastError; // "file:line:col: message" of the error the notes follow
  static bool isTilingTypeName(llvm::StringRef n) { return n.contains("Tiling") && !n.contains("::"); }
  static bool isConstantName(llvm::StringRef n) {
    if (n.size() < 2 || !isupper(static_cast<unsigned char>(n[0])))
      return false;
    for (char ch : n)
      if (!isupper(static_cast<unsigned char>(ch)) && !isdigit(static_cast<unsigned char>(ch)) && ch != '_')
        return false;
    return true;
  }
  void synthesise(const Diagnostic &info) {
    unsigned id = info.getID();
    // DTYPE_X used but not defined (no project, or a name the OpDef lacks).
    if ((id == diag::err_unknown_typename || id == diag::err_undeclared_var_use) && info.getNumArgs() > 0 &&
        (info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo ||
         info.getArgKind(0) == DiagnosticsEngine::ak_declarationname)) {
      std::string name = info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo
                             ? info.getArgIdentifier(0)->getName().str()
                             : DeclarationName::getFromOpaqueInteger(info.getRawArg(0)).getAsString();
      llvm::StringRef n = name;
      if (n.starts_with("DTYPE_") || n.starts_with("ORIG_DTYPE_"))
        dtypeMacros.insert(n.str());
      // A tiling struct from a generated header that is missing.
      if (syn.projectStructs.count(n.str())) {
        synthGrew |= syn.fromProject.insert(n.str()).second;
        ++synthErrors;
        return;
      }
      // The prelude's alias of the op's registered struct: undeclared only
      // when that struct is, which the case above brings in.
      if (n == "AscendcLintRegisteredTiling" && !syn.projectStructs.empty())
        return;
      if (id == diag::err_unknown_typename && isTilingTypeName(n)) {
        synthGrew |= syn.addStruct(n.str());
        ++synthErrors;
      }
      // A constant macro from a missing header (ALL_CAPS, not called, not a
      // template or a scope): Clang drops the statement that used it, so it
      // becomes an opaque constant instead.
      if (id == diag::err_undeclared_var_use && isConstantName(n) && !n.starts_with("ORIG_DTYPE_") &&
          info.getLocation().isValid()) {
        const SourceManager &sm = info.getSourceManager();
        const char *c = sm.getCharacterData(sm.getSpellingLoc(info.getLocation()));
        while (*c && (isalnum(static_cast<unsigned char>(*c)) || *c == '_'))
          ++c;
        while (*c && isspace(static_cast<unsigned char>(*c)))
          ++c;
        if (*c != '(' && *c != '<' && *c != ':' && syn.constants.insert(n.str()).second) {
          synthGrew = true;
          ++synthErrors;
        }
      }
      return;
    }
    if (id != diag::err_no_member || info.getNumArgs() < 2 || info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
      return;
    const auto *dc = reinterpret_cast<const DeclContext *>(info.getRawArg(1));
    const auto *rd = dyn_cast_or_null<RecordDecl>(dc);
    if (!rd || !syn.structs.count(rd->getNameAsString()))
      return;
    std::string rec = rd->getNameAsString();
    std::string field = DeclarationName::getFromOpaqueInteger(info.getRawArg(0)).getAsString();
    // What follows the member: `.`/`->` a struct, `[` an array.
    const SourceManager &sm = info.getSourceManager();
    SourceLocation l = sm.getSpellingLoc(info.getLocation());
    const char *c = sm.getCharacterData(l);
    while (*c && (isalnum(static_cast<unsigned char>(*c)) || *c == '_'))
      ++c;
    while (*c && isspace(static_cast<unsigned char>(*c)))
      ++c;
    std::string decl;
    std::string nested = rec + "_" + field;
    if (*c == '.' || (c[0] == '-' && c[1] == '>')) {
      syn.addStruct(nested);
      decl = nested + (*c == '.' ? " " : " *") + field;
    } else if (*c == '[') {
      int depth = 0;
      const char *e = c;
      for (; *e; ++e)
        if (*e == '[')
          ++depth;
        else if (*e == ']' && --depth == 0)
          break;
      const char *a = *e ? e + 1 : e;
      while (*a && isspace(static_cast<unsigned char>(*a)))
        ++a;
      if (*a == '.') {
        syn.addStruct(nested);
        decl = nested + " " + field + "[64]";
      } else {
        decl = "uint32_t " + field + "[64]";
      }
    } else {
      // Tiling fields are unsigned counts and lengths in nearly every op; a
      // signed type would admit negative lengths no host code produces.
      decl = "uint32_t " + field;
    }
    synthGrew |= syn.add(rec, field, decl);
    ++synthErrors;
  }
};

// The constants `g_tilingKey` is compared with anywhere in an entry's body
// (`TILING_KEY_IS(k);` statements included): the keys a kernel that selects
// its code with `#if TILING_KEY_VAR == k` registers for the build.
class KeyConstantCollector {
public:
  explicit KeyConstantCollector(ASTContext &ctx) : ctx(ctx) {}
  std::set<int64_t> keys;
  bool VisitBinaryOperator(BinaryOperator *b) {
    if (b->getOpcode() != BO_EQ)
      return true;
    for (int side = 0; side < 2; ++side) {
      const Expr *v = (side ? b->getRHS() : b->getLHS())->IgnoreParenImpCasts();
      const Expr *k = side ? b->getLHS() : b->getRHS();
      const auto *dr = dyn_cast<DeclRefExpr>(v);
      if (!dr || !dr->getDecl()->getIdentifier() || dr->getDecl()->getName() != "g_tilingKey")
        continue;
      if (k->isValueDependent())
        continue;
      Expr::EvalResult r;
      if (k->EvaluateAsInt(r, ctx))
        keys.insert(r.Val.getInt().getExtValue());
    }
    return true;
  }

private:
  ASTContext &ctx;
};

// A variant the frontend did not interpret because the host never launches
// it (FrontendOptions::neverLaunched): a proved verdict in lintKernel.
KernelModel neverLaunchedStub(const std::string &name, const SourceLoc &loc, const std::string &variant,
                              const std::string &why) {
  KernelModel stub;
  stub.name = name;
  stub.loc = loc;
  stub.variant = variant;
  stub.hostNeverLaunched = why;
  return stub;
}

// Template selection across the two parses of a file: the first finds the
// ASCENDC_TPL_* texts and the kernel templates nothing instantiates, and
// writes one instantiation per combination; the second analyses them.
struct TplState {
  bool appended = false;
  std::string text;                                          // the instantiations to append to the main file
  std::vector<std::string> labels;                           // per instantiation index: `TPL schMode=1`
  std::set<std::string> buildOnly;                           // templates only the build instantiates (qualified names)
  std::map<std::string, std::string> why;                    // template -> why it was not instantiated
  std::map<std::string, std::vector<std::string>> beyondCap; // template -> labels not analysed
  // template -> (label, why) of combinations the host never selects (not instantiated)
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> unlaunched;
};

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e, TplState *tpl)
      : opts(o), model(m), errs(e), tpl(tpl) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    if (errs.fatalOther)
      return;
    EntryCollector c(ctx.getSourceManager(), opts);
    c.collect(ctx.getTranslationUnitDecl());
    // First parse of a file with template selection: write the
    // instantiations; the kernels are analysed in the next parse.
    if (tpl && !tpl->appended && planTplInstantiations(c))
      return;
    std::map<const FunctionDecl *, std::string> tplLabel;
    if (tpl)
      for (auto &[i, fd] : c.tplInsts)
        if (i < tpl->labels.size())
          tplLabel[fd->getCanonicalDecl()] = tpl->labels[i];
    for (const FunctionDecl *fd : c.entries) {
      std::string variant;
      if (const FunctionTemplateDecl *pt = fd->getPrimaryTemplate(); pt && tpl && tpl->appended) {
        auto it = tplLabel.find(fd->getCanonicalDecl());
        if (it != tplLabel.end())
          variant = it->second;
        else if (tpl->buildOnly.count(pt->getQualifiedNameAsString()))
          continue; // instantiated by another entry that calls it: analysed there
      }
      KernelModel km = interpretSafely(ctx, fd, opts);
      km.variant = variant;
      if (fd->hasBody()) {
        KeyConstantCollector kc(ctx);
        AstWalk w;
        w.stmt = [&](Stmt *s) {
          if (auto *b = dyn_cast<BinaryOperator>(s))
            kc.VisitBinaryOperator(b);
        };
        w.run(fd->getBody());
        km.keyConstants.assign(kc.keys.begin(), kc.keys.end());
      }
      // TILING_KEY_IS(k): one variant per key the kernel compares with, the
      // key fixed, so each branch is verified on its own and named.
      std::vector<int64_t> keys =
          opts.tilingKeyVariants && km.incomplete.empty() ? tilingKeysOf(km) : std::vector<int64_t>{};
      if (keys.size() < 2) {
        model.kernels.push_back(std::move(km));
        continue;
      }
      std::string prefix = variant.empty() ? "" : variant + ", ";
      // Keys the host never selects are not interpreted (a proved verdict
      // each, lintKernel) and leave the cap to the keys that run.
      std::vector<int64_t> launched;
      for (int64_t key : keys) {
        std::string label = prefix + "TILING_KEY=" + std::to_string(key);
        std::string never = opts.neverLaunched ? opts.neverLaunched(km.name, label) : std::string();
        if (never.empty()) {
          launched.push_back(key);
          continue;
        }
        model.kernels.push_back(neverLaunchedStub(km.name, km.loc, label, never));
      }
      std::vector<std::string> ids;
      for (int64_t key : launched)
        ids.push_back(km.name + "|TILING_KEY=" + std::to_string(key));
      const std::vector<bool> window = pickUnderCap(ids, opts.maxTilingKeys, opts.keyCoverage.get());
      std::vector<int64_t> beyond;
      for (size_t i = 0; i < launched.size(); ++i) {
        if (!window[i]) {
          beyond.push_back(launched[i]);
          continue;
        }
        FrontendOptions o = opts;
        o.fixedTilingKey = launched[i];
        KernelModel kv = interpretSafely(ctx, fd, o);
        kv.variant = prefix + "TILING_KEY=" + std::to_string(launched[i]);
        model.kernels.push_back(std::move(kv));
      }
      if (!beyond.empty()) {
        KernelModel rest;
        rest.name = km.name;
        rest.loc = km.loc;
        rest.variant = prefix + "TILING_KEY=" + std::to_string(beyond.front()) + " and " +
                       std::to_string(beyond.size() - 1) + " more";
        rest.incomplete = std::to_string(beyond.size()) + " tiling keys of '" + km.name + "' beyond the limit of " +
                          std::to_string(opts.maxTilingKeys) + " are not analysed";
        rest.unknowns.push_back({rest.incomplete, rest.loc});
        model.kernels.push_back(std::move(rest));
      }
    }
    // A combination whose instantiation Clang gave up on (an unknown type in
    // a member's declaration makes it invalid, with no body): named and
    // unknown, never silently missing from the report (ops-math cdist:
    // IS_SMALL_M=0 vanished while IS_SMALL_M=1 was analysed).
    if (tpl && tpl->appended)
      for (auto &[i, fd] : c.tplInsts) {
        if (i >= tpl->labels.size() || (fd->doesThisDeclarationHaveABody() && !fd->isInvalidDecl()))
          continue;
        KernelModel km;
        km.name = fd->getNameAsString();
        km.loc = locOf(ctx, fd->getPrimaryTemplate() ? fd->getPrimaryTemplate()->getLocation() : fd->getLocation());
        km.variant = tpl->labels[i];
        km.incomplete = "the kernel's instantiation for " + tpl->labels[i] +
                        " does not compile, so it is not analysed (the file has " + std::to_string(errs.errors) +
                        " compile errors; the first: " + errs.first + ")";
        km.unknowns.push_back({km.incomplete, km.loc});
        model.kernels.push_back(std::move(km));
      }
    for (const FunctionTemplateDecl *td : c.uninstantiated) {
      KernelModel km = opaqueTemplateKernel(ctx, td);
      if (tpl && tpl->why.count(td->getQualifiedNameAsString())) {
        km.incomplete += "; template selection: " + tpl->why[td->getQualifiedNameAsString()];
        km.unknowns.back().reason = km.incomplete;
      }
      model.kernels.push_back(std::move(km));
    }
    // Combinations the host never selects: a proved verdict each (lintKernel).
    if (tpl)
      for (auto &[name, list] : tpl->unlaunched)
        for (auto &[label, why] : list) {
          SourceLoc loc;
          for (const FunctionDecl *fd : c.entries)
            if (fd->getPrimaryTemplate() && fd->getPrimaryTemplate()->getQualifiedNameAsString() == name)
              loc = locOf(ctx, fd->getPrimaryTemplate()->getLocation());
          std::string shortName = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
          model.kernels.push_back(neverLaunchedStub(shortName, loc, label, why));
        }
    // Combinations beyond the limit: counted, named, not analysed.
    if (tpl)
      for (auto &[name, labels] : tpl->beyondCap) {
        KernelModel rest;
        rest.name = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
        rest.variant =
            labels.front() + (labels.size() > 1 ? " and " + std::to_string(labels.size() - 1) + " more" : "");
        rest.incomplete = std::to_string(labels.size()) + " template-selection combinations of '" + rest.name +
                          "' beyond the limit of " + std::to_string(opts.maxTilingKeys) +
                          " (--max-variants) are not analysed";
        for (const FunctionDecl *fd : c.entries)
          if (fd->getPrimaryTemplate() && fd->getPrimaryTemplate()->getQualifiedNameAsString() == name)
            rest.loc = locOf(ctx, fd->getPrimaryTemplate()->getLocation());
        rest.unknowns.push_back({rest.incomplete, rest.loc});
        model.kernels.push_back(std::move(rest));
      }
  }

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
  TplState *tpl;

  static SourceLoc locOf(const ASTContext &ctx, SourceLocation l) {
    const SourceManager &sm = ctx.getSourceManager();
    PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
    return p.isValid() ? SourceLoc{p.getFilename(), p.getLine(), p.getColumn()} : SourceLoc{};
  }

  // Whether the template's parameters take the combination's arguments the
  // way the generated `kernel<TEMPLATE_PARAMS>(...)` call passes them.
  // Which of the kernel template's parameters its declaration (signature and
  // body) names. A parameter it never names cannot change the kernel, unless
  // an explicit specialization does: then every parameter counts as named.
  static std::vector<bool> usedTemplateParams(const FunctionTemplateDecl *td) {
    const TemplateParameterList *tp = td->getTemplateParameters();
    struct Finder {
      unsigned depth = 0;
      std::vector<bool> used;
      void mark(unsigned d, unsigned i) {
        if (d == depth && i < used.size())
          used[i] = true;
      }
      bool VisitDeclRefExpr(DeclRefExpr *e) {
        if (const auto *p = dyn_cast<NonTypeTemplateParmDecl>(e->getDecl()))
          mark(p->getDepth(), p->getIndex());
        return true;
      }
      bool VisitTemplateTypeParmType(TemplateTypeParmType *t) {
        mark(t->getDepth(), t->getIndex());
        return true;
      }
      bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *e) {
        mark(e->getParameter()->getDepth(), e->getParameter()->getIndex());
        return true;
      }
    } f;
    f.depth = tp->getDepth();
    f.used.assign(tp->size(), false);
    // A default argument may name an earlier parameter (`int B = A * 2`):
    // then every parameter counts as named, as with an explicit specialization.
    bool explicitSpec = false;
    for (const FunctionDecl *sp : td->specializations())
      explicitSpec |= sp->getTemplateSpecializationKind() == TSK_ExplicitSpecialization;
    for (const NamedDecl *p : *tp) {
      if (const auto *t = dyn_cast<TemplateTypeParmDecl>(p))
        explicitSpec |= t->hasDefaultArgument();
      else if (const auto *n = dyn_cast<NonTypeTemplateParmDecl>(p))
        explicitSpec |= n->hasDefaultArgument();
    }
    for (unsigned i = 0; i < tp->size(); ++i)
      if (explicitSpec ||
          !(isa<NonTypeTemplateParmDecl>(tp->getParam(i)) || isa<TemplateTypeParmDecl>(tp->getParam(i))))
        f.used[i] = true;
    AstWalk w;
    w.stmt = [&](Stmt *s) {
      if (auto *e = dyn_cast<DeclRefExpr>(s))
        f.VisitDeclRefExpr(e);
      else if (auto *e = dyn_cast<SubstNonTypeTemplateParmExpr>(s))
        f.VisitSubstNonTypeTemplateParmExpr(e);
    };
    w.type = [&](const Type *t) {
      if (const auto *p = dyn_cast<TemplateTypeParmType>(t))
        f.VisitTemplateTypeParmType(const_cast<TemplateTypeParmType *>(p));
    };
    w.run(td->getTemplatedDecl());
    return f.used;
  }

  // The label of combinations compiled as one: each argument with the values
  // it takes among them, `schMode=0|1, D_T=half`.
  static std::string mergedTplLabel(const std::vector<project::TplCombination> &combos, const std::vector<size_t> &g) {
    std::string out;
    const project::TplCombination &first = combos[g.front()];
    for (size_t a = 0; a < first.args.size(); ++a) {
      std::vector<std::string> vals;
      std::string name;
      for (size_t i : g) {
        project::TplCombination one;
        one.args.push_back(combos[i].args[a]);
        std::string l = one.label();
        name = l.substr(0, l.find('='));
        std::string v = l.substr(l.find('=') + 1);
        if (std::find(vals.begin(), vals.end(), v) == vals.end())
          vals.push_back(v);
      }
      std::string joined;
      for (const std::string &v : vals)
        joined += (joined.empty() ? "" : "|") + v;
      out += (out.empty() ? "" : ", ") + name + "=" + joined;
    }
    return out;
  }

  static bool takes(const FunctionTemplateDecl *td, const project::TplCombination &cmb) {
    const TemplateParameterList *tp = td->getTemplateParameters();
    if (cmb.args.size() > tp->size())
      return false;
    for (unsigned i = 0; i < tp->size(); ++i) {
      const NamedDecl *p = tp->getParam(i);
      if (p->isTemplateParameterPack())
        return false;
      if (i >= cmb.args.size()) {
        bool dflt = false;
        if (const auto *t = dyn_cast<TemplateTypeParmDecl>(p))
          dflt = t->hasDefaultArgument();
        else if (const auto *n = dyn_cast<NonTypeTemplateParmDecl>(p))
          dflt = n->hasDefaultArgument();
        if (!dflt)
          return false;
        continue;
      }
      bool wantType = cmb.args[i].first.kind == project::TplKind::Datatype;
      if (wantType != isa<TemplateTypeParmDecl>(p) || (!wantType && !isa<NonTypeTemplateParmDecl>(p)))
        return false;
    }
    return true;
  }

  // The instantiations of the kernel templates nothing in the file
  // instantiates, one per ASCENDC_TPL_SEL combination; false when there is
  // nothing to instantiate.
  bool planTplInstantiations(const EntryCollector &c) {
    if (c.uninstantiated.empty() || c.tplDecls.empty())
      return false;
    *tpl = TplState(); // a parse repeated for synthesis plans again
    for (const FunctionTemplateDecl *td : c.uninstantiated)
      tpl->buildOnly.insert(td->getQualifiedNameAsString());
    std::string error;
    std::optional<project::TplSelection> sel;
    if (c.tplDecls.size() > 1)
      error = "more than one ASCENDC_TPL_ARGS_DECL in the file";
    else
      sel = project::parseTplSelection(c.tplDecls.front(), c.tplSels, error);
    std::vector<project::TplCombination> combos;
    if (sel) {
      combos = project::tplCombinations(*sel, opts.npuArch);
      if (combos.empty())
        error = "ASCENDC_TPL_SEL selects no combination for __NPU_ARCH__ " + std::to_string(opts.npuArch);
    }
    std::string text;
    for (const FunctionTemplateDecl *td : c.uninstantiated) {
      std::string qn = td->getQualifiedNameAsString();
      if (!error.empty()) {
        tpl->why[qn] = error;
        continue;
      }
      if (!takes(td, combos.front())) {
        tpl->why[qn] = "its template parameters do not take the " + std::to_string(combos.front().args.size()) +
                       " arguments ASCENDC_TPL_ARGS_DECL declares";
        continue;
      }
      // Named from the global scope; an anonymous namespace is visible there.
      std::string name;
      for (llvm::StringRef rest = qn; !rest.empty();) {
        auto [head, tail] = rest.split("::");
        if (head != "(anonymous namespace)")
          name += "::" + head.str();
        rest = tail;
      }
      // Combinations that differ only in parameters the kernel never names
      // compile to the same kernel: one instantiation stands for them all,
      // labelled with every value (`TPL schMode=0|1`; the host binding pins
      // the argument to any of them). ops-math cast declares a schMode its
      // kernel does not read: half its combinations were placeholders past
      // the cap.
      const std::vector<bool> used = usedTemplateParams(td);
      std::vector<std::vector<size_t>> groups;
      std::map<std::vector<int64_t>, size_t> groupOf;
      for (size_t i = 0; i < combos.size(); ++i) {
        // A combination the host never selects is not instantiated: it
        // leaves the cap to those that run.
        if (opts.neverLaunched) {
          std::string never = opts.neverLaunched(td->getNameAsString(), "TPL " + combos[i].label());
          if (!never.empty()) {
            tpl->unlaunched[qn].push_back({"TPL " + combos[i].label(), never});
            continue;
          }
        }
        std::vector<int64_t> key;
        for (size_t a = 0; a < combos[i].args.size(); ++a)
          key.push_back(a < used.size() && !used[a] ? 0 : combos[i].args[a].second);
        auto [it, fresh] = groupOf.emplace(key, groups.size());
        if (fresh)
          groups.emplace_back();
        groups[it->second].push_back(i);
      }
      // Combinations instantiated, against the cap: this configuration's window.
      std::vector<std::string> labels, ids;
      for (const std::vector<size_t> &g : groups) {
        labels.push_back("TPL " + mergedTplLabel(combos, g));
        ids.push_back(qn + "|" + labels.back());
      }
      const std::vector<bool> window = pickUnderCap(ids, opts.maxTilingKeys, opts.keyCoverage.get());
      for (size_t gi = 0; gi < groups.size(); ++gi) {
        const std::vector<size_t> &g = groups[gi];
        const std::string &label = labels[gi];
        if (!window[gi]) {
          tpl->beyondCap[qn].push_back(label);
          continue;
        }
        unsigned idx = unsigned(tpl->labels.size());
        tpl->labels.push_back(label);
        text += "[[maybe_unused]] static auto *const __ascendc_lint_tpl_inst_" + std::to_string(idx) + " = &" + name +
                "<" + combos[g.front()].templateArgs() + ">;\n";
      }
    }
    if (text.empty())
      return false;
    tpl->text = "\n// ascendc-lint: the ASCENDC_TPL_SEL combinations, instantiated as the build does\n" + text;
    return true;
  }

  // A fault while interpreting one kernel must not take the tool down:
  // that kernel is reported as not verified, the others go on.
  KernelModel interpretSafely(ASTContext &ctx, const FunctionDecl *fd, const FrontendOptions &o) {
    KernelModel km;
    llvm::CrashRecoveryContext crc;
    bool ok = crc.RunSafely(
        [&] { km = interpretKernel(ctx, fd, opts.apiDir, o, errs.locs, errs.msgs, errs.siteLocs, errs.siteMsgs); });
    if (!ok) {
      km = KernelModel();
      km.name = fd->getNameAsString();
      km.incomplete = "internal error while analysing '" + km.name + "'; the kernel is not verified";
      km.unknowns.push_back({km.incomplete, km.loc});
    }
    return km;
  }

  // The constants g_tilingKey is compared with (`TILING_KEY_IS(k)` is
  // `g_tilingKey == k`) in the conditions of the kernel's operations.
  static std::vector<int64_t> tilingKeysOf(const KernelModel &km) {
    std::set<int64_t> keys;
    std::unordered_set<const SymNode *> seen; // shared nodes once
    std::function<void(const Sym &)> walk = [&](const Sym &s) {
      if (!s || !seen.insert(s.get()).second)
        return;
      if (s->op == SymOp::Eq && s->args.size() == 2) {
        for (int i = 0; i < 2; ++i) {
          const Sym *v = &s->args[i];
          while ((*v)->op == SymOp::Cast && !(*v)->args.empty())
            v = &(*v)->args[0];
          if ((*v)->op == SymOp::Var && (*v)->var->name == "g_tilingKey")
            if (auto c = asConst(s->args[1 - i]))
              keys.insert(*c);
        }
      }
      for (auto &a : s->args)
        walk(a);
    };
    for (auto &op : km.ops)
      walk(op.cond);
    for (auto &b : km.buffers)
      walk(b.cond);
    return std::vector<int64_t>(keys.begin(), keys.end());
  }
};

// Headers that do not exist (host-side acl headers, tiling headers generated
// at build time) are skipped and remembered; what needed them becomes a
// compile error inside the code that used it, and that code is `unknown`.
class MissingIncludes : public PPCallbacks {
public:
  explicit MissingIncludes(std::vector<std::string> &out) : out(out) {}
  bool FileNotFound(StringRef name) override {
    out.push_back(name.str());
    return true;
  }

private:
  std::vector<std::string> &out;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(const FrontendOptions &o, TranslationUnitModel &m, ErrorCollector &e, std::vector<std::string> &missing,
               TplState *tpl)
      : opts(o), model(m), errs(e), missing(missing), tpl(tpl) {}
  bool BeginSourceFileAction(CompilerInstance &ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<MissingIncludes>(missing));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(opts, model, errs, tpl);
  }
  void EndSourceFileAction() override {
    if (!deps)
      return;
    SourceManager &sm = getCompilerInstance().getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      if (!it->first.getName().starts_with("/__ascendc_lint")) // the generated prelude is no input file
        deps->push_back(it->first.getName().str());
  }
  std::vector<std::string> *deps = nullptr; // owned by the caller

private:
  const FrontendOptions &opts;
  TranslationUnitModel &model;
  ErrorCollector &errs;
  std::vector<std::string> &missing; // owned by the caller: the action dies inside run()
  TplState *tpl;                     // owned by the caller
};

std::vector<std::string> clangArgs(const FrontendOptions &opts) {
  std::vector<std::string> args = {"clang++",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-x",
                                   "c++",
                                   "-w",
                                   "-ferror-limit=0",
                                   "-fno-caret-diagnostics",
                                   // A typo corrected silently would read as valid code:
                                   // an unknown name must stay an error the frontend sees.
                                   "-fno-spell-checking",
                                   "-D__NPU_ARCH__=" + std::to_string(opts.npuArch),
                                   "-D__CCE_AICORE__=" + std::to_string(opts.cceAicore),
                                   "-DASCENDC_LINT=1"};
  if (!opts.resourceDir.empty())
    args.push_back("-resource-dir=" + opts.resourceDir);
  // The bundled API goes first so it wins over a CANN install on the path.
  if (!opts.apiDir.empty() && !opts.realApiDir.empty()) {
    // --api-dir: the library's own include folders (asc-devkit
    // cmake/asc/legacy_modules/bisheng_intf.cmake, device_intf_pub), the
    // bundled folder after them for what bisheng itself provides.
    for (const char *d : {"impl/adv_api", "impl/basic_api", "impl/c_api", "impl/basic_api/reg_compute", "impl/simt_api",
                          "impl/utils", "", "include", "include/adv_api", "include/basic_api", "include/aicpu_api",
                          "include/c_api", "include/basic_api/reg_compute", "include/simt_api", "include/utils"})
      args.push_back("-I" + opts.realApiDir + (*d ? "/" : "") + d);
    args.push_back("-idirafter" + opts.apiDir);
    args.push_back("-include");
    args.push_back(opts.apiDir + "/ascendc_lint/builtins.h");
    args.push_back("-include");
    args.push_back(opts.apiDir + "/ascendc_lint/real_api.h");
  } else if (!opts.apiDir.empty()) {
    args.push_back("-I" + opts.apiDir);
    // bisheng knows __global__, __aicore__, __gm__, ..., pipe_t and the CCE
    // intrinsics (set_flag, copy_gm_to_ubuf, vadd, ...) without any include:
    // .cce kernels include nothing.
    args.push_back("-include");
    args.push_back(opts.apiDir + "/ascendc_lint/builtins.h");
  }
  for (auto &a : opts.extraArgs)
    args.push_back(a);
  return args;
}

// Where the generated project prelude lives in the overlay file system.
const char *kPreludePath = "/__ascendc_lint_project__/ascendc_lint_project.h";
const char *kSynthName = "AscendcLintTilingData";

FrontendResult runTool(const std::string &file, const std::string *code, const FrontendOptions &opts) {
  FrontendResult res;
  res.model.file = file;
  llvm::SmallString<256> abs(file);
  llvm::sys::fs::make_absolute(abs);
  // The main file is read here so that kernel launches can be blanked; what
  // Clang parses is this copy.
  std::string source;
  bool haveSource = code != nullptr;
  if (code) {
    source = *code;
  } else if (auto buf = llvm::MemoryBuffer::getFile(abs)) {
    source = (*buf)->getBuffer().str();
    haveSource = true;
  }
  if (haveSource) {
    blankLaunchConfigs(source);
    rewriteBracketAttributes(source);
  }
  Synthesis syn;
  syn.addStruct(kSynthName);
  if (opts.project)
    for (const project::TilingStruct &ts : opts.project->tilingStructs)
      syn.projectStructs.insert(ts.name);
  TplState tpl;
  // Lines past the user's source are the appended instantiations: a parse
  // error there is not the user's syntax error.
  unsigned sourceLines = unsigned(std::count(source.begin(), source.end(), '\n')) + 1;
  // Parse; when a synthesised tiling struct lacked fields the kernel reads,
  // add them and parse again (the fields of nested structs show up one
  // round later).
  for (unsigned round = 0;; ++round) {
    TranslationUnitModel model;
    model.file = file;
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> mem(new llvm::vfs::InMemoryFileSystem);
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
        new llvm::vfs::OverlayFileSystem(new BracketAttributeFS(llvm::vfs::getRealFileSystem())));
    overlay->pushOverlay(mem);
    if (haveSource)
      mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(source));
    std::string synthText = syn.text();
    mem->addFile(kPreludePath, 0,
                 llvm::MemoryBuffer::getMemBufferCopy(project::tilingPrelude(opts.project.get(), kSynthName, synthText,
                                                                             haveSource ? file : "", syn.fromProject)));
    std::vector<std::string> args = clangArgs(opts);
    if (opts.includeRoots && haveSource)
      for (const std::string &root : findIncludeRoots(file, source, opts.extraArgs))
        args.push_back("-I" + root);
    if (!opts.apiDir.empty()) {
      args.push_back("-include");
      args.push_back(kPreludePath);
    }
    // Locations keep the path as the user wrote it (as clang-tidy does).
    args.push_back(code ? std::string(abs) : file);
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
    ErrorCollector errs(syn);
    errs.mainFileLines = sourceLines;
    std::vector<std::string> missing, deps;
    bool lastRound = round >= opts.synthesisRounds + (tpl.appended ? 1 : 0);
    auto action = std::make_unique<KernelAction>(opts, model, errs, missing, haveSource ? &tpl : nullptr);
    action->deps = &deps;
    tooling::ToolInvocation inv(args, std::move(action), files.get());
    inv.setDiagnosticConsumer(&errs);
    bool ran = inv.run();
    if (errs.synthGrew && !lastRound)
      continue;
    if (!tpl.appended && !tpl.text.empty()) { // once: the template-selection instantiations
      source += tpl.text;
      tpl.appended = true;
      continue;
    }
    res.model = std::move(model);
    res.missingIncludes = missing;
    res.dependencies = deps;
    res.compileErrors = errs.errors;
    res.firstCompileError = errs.first;
    // With a header missing, a parse error may be its consequence (an
    // unknown macro or namespace), not the user's: localised, not fatal.
    if (missing.empty() && errs.missing.empty())
      res.syntaxErrors = errs.syntax;
    res.dtypeMacros = errs.dtypeMacros;
    for (const std::string &c : syn.constants)
      res.synthesized.push_back("'" + c + "' is not declared (a header that is missing?): an unknown constant");
    for (auto &[n, fields] : syn.structs)
      if (!fields.empty() || n != kSynthName) {
        std::string line = "struct " + n + " synthesised from what the kernel reads:";
        for (auto &f : fields)
          line += " " + f.first;
        res.synthesized.push_back(line);
      }
    if (!res.syntaxErrors.empty()) {
      res.error = errs.first;
      return res;
    }
    if (errs.fatalOther || (!ran && res.model.kernels.empty()) || (errs.errors && res.model.kernels.empty())) {
      res.error = errs.first.empty() ? file + ": could not be parsed" : errs.first;
      return res;
    }
    res.ok = true;
    return res;
  }
}

} // namespace

std::vector<std::string> findIncludeRoots(const std::string &file, const std::string &source,
                                          const std::vector<std::string> &args) {
  namespace fs = llvm::sys::fs;
  namespace path = llvm::sys::path;
  std::vector<std::string> dirs, roots;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-I" && i + 1 < args.size())
      dirs.push_back(args[i + 1]);
    else if (args[i].size() > 2 && args[i].compare(0, 2, "-I") == 0)
      dirs.push_back(args[i].substr(2));
  }
  llvm::SmallString<256> abs(file);
  fs::make_absolute(abs);
  std::string here = path::parent_path(abs).str();
  size_t pos = 0;
  while ((pos = source.find("#", pos)) != std::string::npos) {
    size_t i = pos + 1;
    pos = i;
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t'))
      ++i;
    if (source.compare(i, 7, "include") != 0)
      continue;
    i += 7;
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t'))
      ++i;
    if (i >= source.size() || source[i] != '"')
      continue;
    size_t end = source.find('"', i + 1);
    if (end == std::string::npos || source.find('\n', i) < end)
      continue;
    std::string inc = source.substr(i + 1, end - i - 1);
    if (inc.empty() || path::is_absolute(inc))
      continue;
    auto found = [&](const std::string &d) { return fs::exists(d + "/" + inc); };
    if (found(here) || std::any_of(dirs.begin(), dirs.end(), found) || std::any_of(roots.begin(), roots.end(), found))
      continue;
    std::string d = here;
    for (int up = 0; up < 12; ++up) {
      std::string parent = path::parent_path(d).str();
      if (parent.empty() || parent == d)
        break;
      d = parent;
      if (found(d)) {
        roots.push_back(d);
        break;
      }
      if (fs::exists(d + "/.git"))
        break; // the repository root: look no further up
    }
  }
  return roots;
}

std::vector<std::string> coreSideMacros(int npuArch, bool cube) {
  switch (npuArch) {
  case 2201: // ascend910b, ascend910_93 (dav-c220)
    return cube ? std::vector<std::string>{"-D__DAV_C220_CUBE__", "-D__DAV_CUBE__"}
                : std::vector<std::string>{"-D__DAV_C220_VEC__", "-D__DAV_VEC__"};
  case 3510: // ascend950 (dav-c310 / dav-3510); its config keeps the C220 names too
    return cube ? std::vector<std::string>{"-D__DAV_C310__", "-D__DAV_C310_CUBE__", "-D__DAV_C220_CUBE__",
                                           "-D__DAV_CUBE__"}
                : std::vector<std::string>{"-D__DAV_C310__", "-D__DAV_C310_VEC__", "-D__DAV_C220_VEC__",
                                           "-D__DAV_VEC__"};
  case 2002: // ascend310p (dav-m200)
  case 3002: // ascend310b (dav-m300): its config names the M200 macros
    return cube ? std::vector<std::string>{"-D__DAV_M200__"} : std::vector<std::string>{"-D__DAV_M200_VEC__"};
  default:
    return {};
  }
}

std::vector<size_t> leastAnalysedFirst(const std::vector<std::string> &ids,
                                       const std::map<std::string, unsigned> *coverage) {
  std::vector<size_t> order(ids.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  if (coverage) {
    auto count = [&](size_t i) {
      auto it = coverage->find(ids[i]);
      return it == coverage->end() ? 0u : it->second;
    };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return count(a) < count(b); });
  }
  return order;
}

std::vector<bool> pickUnderCap(const std::vector<std::string> &ids, unsigned cap,
                               std::map<std::string, unsigned> *coverage) {
  const std::vector<size_t> order = leastAnalysedFirst(ids, coverage);
  std::vector<bool> in(ids.size(), false);
  for (size_t j = 0; j < order.size() && j < cap; ++j) {
    in[order[j]] = true;
    if (coverage)
      ++(*coverage)[ids[order[j]]];
  }
  return in;
}

FrontendResult analyzeFile(const std::string &file, const FrontendOptions &opts) {
  return runTool(file, nullptr, opts);
}

FrontendResult analyzeCode(const std::string &code, const std::string &fileName, const FrontendOptions &opts) {
  return runTool(fileName, &code, opts);
}

} // namespace alint
