//===- static/FloatTypes.cpp - Floating-point shape of a clang type -------===//
#include "FloatTypes.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace roof::staticcount {

std::optional<RoofPrecision> precisionOf(QualType T) {
  const auto *Builtin = T.getNonReferenceType()->getAs<BuiltinType>();
  if (!Builtin)
    return std::nullopt;
  switch (Builtin->getKind()) {
  case BuiltinType::Half:
  case BuiltinType::Float16:
    return ROOF_FP16;
  case BuiltinType::BFloat16:
    return ROOF_BF16;
  case BuiltinType::Float:
    return ROOF_FP32;
  case BuiltinType::Double:
    return ROOF_FP64;
  default:
    return std::nullopt;
  }
}

// The element type of a complex<T> class, if T is one.
static std::optional<QualType> complexClassElement(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "complex" ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  if (!precisionOf(Element))
    return std::nullopt;
  return Element;
}

bool isComplexClass(QualType T) { return complexClassElement(T).has_value(); }

std::optional<FloatShape> floatShape(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (T->isDependentType() || T->isIncompleteType())
    return std::nullopt;
  FloatShape Shape;
  QualType Element = T;
  if (const auto *Vector = T->getAs<VectorType>()) {
    Element = Vector->getElementType();
    Shape.Lanes = Vector->getNumElements();
  } else if (const auto *Complex = T->getAs<ComplexType>()) {
    Element = Complex->getElementType();
    Shape.Complex = true;
  } else if (auto ClassElement = complexClassElement(T)) {
    Element = *ClassElement;
    Shape.Complex = true;
  }
  auto Precision = precisionOf(Element);
  if (!Precision)
    return std::nullopt;
  Shape.Precision = *Precision;
  Shape.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  return Shape;
}

} // namespace roof::staticcount
