// Shared by the API families: which AscendC class an object is, template
// arguments, the region of a tensor operand and fields of parameter structs.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace alint {
namespace fe {

using namespace clang;

// --api-dir: the real library's classes are the user's code (run, not
// modelled); set per interpreter (api/ApiTable.cpp has no other state).
static thread_local std::string realApiDirOfRun;
void setRealApiDir(const std::string &dir) { realApiDirOfRun = dir; }

ApiClass classifyApiClass(const CXXRecordDecl *rd) {
  if (!rd)
    return ApiClass::None;
  if (!realApiDirOfRun.empty()) {
    const SourceManager &sm = rd->getASTContext().getSourceManager();
    StringRef f = sm.getFilename(sm.getSpellingLoc(rd->getLocation()));
    if (f.starts_with(realApiDirOfRun + "/include/") || f.starts_with(realApiDirOfRun + "/impl/"))
      return ApiClass::None;
  }
  std::string n = rd->getName().str();
  // Only classes inside namespace AscendC (or matmul) count.
  const DeclContext *dc = rd->getDeclContext();
  bool inApi = false;
  while (dc) {
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      std::string nn = ns->getName().str();
      if (nn == "AscendC" || nn == "matmul" || nn == "ascendc_lint")
        inApi = true;
    }
    dc = dc->getParent();
  }
  if (!inApi)
    return ApiClass::None;
  if (n == "TPipe" || n == "TPipeBase")
    return ApiClass::Pipe;
  if (n == "TQue" || n == "TQueBind")
    return ApiClass::Queue;
  if (n == "TBuf")
    return ApiClass::TBuf;
  if (n == "TBufPool")
    return ApiClass::BufPool;
  if (n == "LocalTensor")
    return ApiClass::LocalTensor;
  if (n == "GlobalTensor")
    return ApiClass::GlobalTensor;
  if (n == "TQueSync")
    return ApiClass::QueSync;
  if (n == "LocalMemAllocator")
    return ApiClass::MemAllocator;
  if (n.find("Matmul") != std::string::npos)
    return ApiClass::Matmul;
  return ApiClass::None; // parameter structs behave like user structs
}

std::optional<int64_t> Interp::templateIntArg(const FunctionDecl *fd, unsigned i) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal || i >= tal->size())
    return std::nullopt;
  const TemplateArgument &a = tal->get(i);
  if (a.getKind() == TemplateArgument::Integral)
    return a.getAsIntegral().getExtValue();
  return std::nullopt;
}

std::optional<int64_t> Interp::classTemplateIntArg(const CXXRecordDecl *rd, unsigned i) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || i >= spec->getTemplateArgs().size())
    return std::nullopt;
  const TemplateArgument &a = spec->getTemplateArgs()[i];
  if (a.getKind() == TemplateArgument::Integral)
    return a.getAsIntegral().getExtValue();
  return std::nullopt;
}

uint32_t templateTypeSize(Interp &in, const FunctionDecl *fd, unsigned i) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal || i >= tal->size() || tal->get(i).getKind() != TemplateArgument::Type)
    return 0;
  return in.sizeOfType(tal->get(i).getAsType());
}

Region Interp::regionOf(const TensorVal &t, Sym lengthBytes, bool write, const std::string &role) {
  Region r;
  r.global = t.global;
  r.bufferId = t.bufferId;
  r.pos = t.global ? TPos::GM : t.pos;
  r.offsetBytes = t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0);
  r.lengthBytes = lengthBytes ? toMath(lengthBytes) : nullptr;
  r.slot = t.slot;
  r.elemBytes = t.elemBytes;
  r.write = write;
  r.role = role;
  return r;
}

// Field `name` of a parameter struct value (DataCopyParams etc.).
Sym Interp::fieldOf(const Value &v, const char *name, SourceLocation l) {
  if ((v.kind != Value::Obj && v.kind != Value::ObjPtr) || !v.obj || !v.obj->rec)
    return mkOpaque(std::string("parameter '") + name + "' could not be followed");
  for (const FieldDecl *fd : v.obj->rec->fields()) {
    if (fd->getName() == name) {
      LRef r;
      r.kind = LRef::Field;
      r.obj = v.obj;
      r.field = fd;
      Value fv = read(r, fd->getType());
      return toMath(asSym(fv, fd->getType(), l));
    }
  }
  // Anonymous unions (srcGap/srcStride): look one level down.
  for (const FieldDecl *fd : v.obj->rec->fields()) {
    if (const auto *urd = fd->getType()->getAsCXXRecordDecl(); urd && urd->isUnion()) {
      for (const FieldDecl *ufd : urd->fields())
        if (ufd->getName() == name) {
          LRef r;
          r.kind = LRef::Field;
          r.obj = v.obj;
          r.field = fd;
          Value uv = read(r, fd->getType());
          if (uv.kind == Value::Obj) {
            LRef r2;
            r2.kind = LRef::Field;
            r2.obj = uv.obj;
            r2.field = ufd;
            return toMath(asSym(read(r2, ufd->getType()), ufd->getType(), l));
          }
        }
    }
  }
  return mkOpaque(std::string("parameter '") + name + "' is not a field of " + v.obj->rec->getNameAsString());
}

// The enumerator name of the first template argument of enum type `enumName`.
std::string enumTemplateArg(const FunctionDecl *fd, const char *enumName) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal)
    return "";
  for (const TemplateArgument &a : tal->asArray()) {
    if (a.getKind() != TemplateArgument::Integral)
      continue;
    const auto *et = a.getIntegralType()->getAs<EnumType>();
    if (!et || et->getDecl()->getName() != enumName)
      continue;
    for (const EnumConstantDecl *ec : et->getDecl()->enumerators())
      if (ec->getInitVal() == a.getAsIntegral())
        return ec->getNameAsString();
  }
  return "";
}

} // namespace fe
} // namespace alint
