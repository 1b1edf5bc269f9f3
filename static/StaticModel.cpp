//===- static/StaticModel.cpp - Tallies of operations and bytes -----------===//
#include "StaticModel.h"

namespace roof::staticcount {

const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames = {
    ROOF_PRECISION_NAMES};
const std::array<const char *, ROOF_NUM_CLASSES> kClassNames = {
    ROOF_CLASS_NAMES};

Polynomial PrecisionTally::flops() const {
  Polynomial Sum;
  for (unsigned C = 0; C < ROOF_NUM_FLOP_CLASSES; ++C)
    Sum += Classes[C];
  return Sum;
}

bool PrecisionTally::empty() const {
  for (const Polynomial &P : Classes)
    if (!P.isZero())
      return false;
  return BytesLoaded.isZero() && BytesStored.isZero() && Functions.empty();
}

Tally &Tally::operator+=(const Tally &O) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    PrecisionTally &Mine = Precisions[P];
    const PrecisionTally &Theirs = O.Precisions[P];
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      Mine.Classes[C] += Theirs.Classes[C];
    Mine.BytesLoaded += Theirs.BytesLoaded;
    Mine.BytesStored += Theirs.BytesStored;
    for (const auto &[Name, Count] : Theirs.Functions)
      Mine.Functions[Name] += Count;
  }
  return *this;
}

Tally Tally::operator*(const Polynomial &Times) const {
  Tally Scaled;
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    const PrecisionTally &Mine = Precisions[P];
    PrecisionTally &Out = Scaled.Precisions[P];
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      Out.Classes[C] = Mine.Classes[C] * Times;
    Out.BytesLoaded = Mine.BytesLoaded * Times;
    Out.BytesStored = Mine.BytesStored * Times;
    for (const auto &[Name, Count] : Mine.Functions)
      Out.Functions[Name] = Count * Times;
  }
  return Scaled;
}

bool Tally::empty() const {
  for (const PrecisionTally &P : Precisions)
    if (!P.empty())
      return false;
  return true;
}

Polynomial Tally::bytesLoaded() const {
  Polynomial Sum;
  for (const PrecisionTally &P : Precisions)
    Sum += P.BytesLoaded;
  return Sum;
}

Polynomial Tally::bytesStored() const {
  Polynomial Sum;
  for (const PrecisionTally &P : Precisions)
    Sum += P.BytesStored;
  return Sum;
}

OpCounts &OpCounts::operator+=(const OpCounts &O) {
  Canonical += O.Canonical;
  MaskDependent += O.MaskDependent;
  return *this;
}

OpCounts OpCounts::operator*(const Polynomial &Times) const {
  return {Canonical * Times, MaskDependent * Times};
}

} // namespace roof::staticcount
