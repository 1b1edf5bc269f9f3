//===- driver/analysis/KernelMatching.cpp - Profiled kernels --------------===//
#include "KernelMatching.h"

#include "InputFile.h"
#include "Text.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace roof {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

namespace {

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

bool isWord(const std::string &token) {
  return !token.empty() && isWordChar(token.front());
}

// Words and single punctuation characters; blanks dropped.
std::vector<std::string> tokensOf(std::string_view text) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (isWordChar(text[i])) {
      std::size_t end = i;
      while (end < text.size() && isWordChar(text[end]))
        ++end;
      tokens.emplace_back(text.substr(i, end - i));
      i = end;
    } else {
      tokens.emplace_back(1, text[i++]);
    }
  }
  return tokens;
}

// The index past the type name that starts at `begin`: words ("unsigned
// long"), "::" and template argument lists.
std::size_t typeNameEnd(const std::vector<std::string> &tokens,
                        std::size_t begin) {
  std::size_t at = begin;
  while (at < tokens.size()) {
    if (isWord(tokens[at]) && tokens[at] != "const" &&
        tokens[at] != "volatile") {
      ++at;
    } else if (tokens[at] == ":" && at + 1 < tokens.size() &&
               tokens[at + 1] == ":") {
      at += 2;
    } else if (tokens[at] == "<") {
      int depth = 0;
      do {
        depth += tokens[at] == "<" ? 1 : tokens[at] == ">" ? -1 : 0;
        ++at;
      } while (at < tokens.size() && depth > 0);
    } else {
      break;
    }
  }
  return at;
}

} // namespace

std::string normalizedSignature(std::string_view signature) {
  std::vector<std::string> tokens = tokensOf(signature);
  // "const T" at the start of a parameter or template argument is "T const".
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    bool startsType = i == 0 || tokens[i - 1] == "(" || tokens[i - 1] == "," ||
                      tokens[i - 1] == "<";
    if (tokens[i] != "const" || !startsType)
      continue;
    std::size_t end = typeNameEnd(tokens, i + 1);
    if (end == i + 1)
      continue;
    std::rotate(tokens.begin() + i, tokens.begin() + i + 1,
                tokens.begin() + end);
  }
  std::string text;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i > 0 && isWord(tokens[i - 1]) && isWord(tokens[i]))
      text += ' ';
    text += tokens[i];
  }
  return text;
}

std::string baseFunctionName(std::string_view name) {
  std::string_view text = trimmed(name);
  // Back over a bracketed group that ends at `end` (exclusive).
  auto openingOf = [&](std::size_t end, char open, char close) {
    int depth = 0;
    for (std::size_t at = end; at-- > 0;) {
      depth += text[at] == close ? 1 : text[at] == open ? -1 : 0;
      if (depth == 0)
        return at;
    }
    return std::string_view::npos;
  };
  // The parameter list, and what follows it (" const").
  std::size_t close = text.rfind(')');
  if (close != std::string_view::npos) {
    std::size_t open = openingOf(close + 1, '(', ')');
    if (open != std::string_view::npos)
      text = trimmed(text.substr(0, open));
  }
  if (!text.empty() && text.back() == '>') {
    std::size_t open = openingOf(text.size(), '<', '>');
    if (open != std::string_view::npos)
      text = trimmed(text.substr(0, open));
  }
  std::size_t start = text.size();
  while (start > 0 && isWordChar(text[start - 1]))
    --start;
  return std::string(text.substr(start));
}

const char *matchedByText(MatchedBy by) {
  switch (by) {
  case MatchedBy::MangledName:
    return "mangled name";
  case MatchedBy::DemangledName:
    return "demangled name";
  case MatchedBy::FunctionName:
    return "function name";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

namespace {

// How roof's kernels can be found: by each kind of name.
struct RoofNames {
  std::multimap<std::string, const KernelRecord *> mangled, signature, base;

  explicit RoofNames(const std::vector<KernelRecord> &kernels) {
    for (const KernelRecord &kernel : kernels) {
      std::string demangled =
          readableFunctionName(kernel.name, kernel.demangled);
      mangled.emplace(kernel.name, &kernel);
      signature.emplace(normalizedSignature(demangled), &kernel);
      base.emplace(baseFunctionName(demangled), &kernel);
    }
  }

  // The one kernel filed under `key`, if exactly one is.
  static const KernelRecord *
  unique(const std::multimap<std::string, const KernelRecord *> &names,
         const std::string &key) {
    return names.count(key) == 1 ? names.find(key)->second : nullptr;
  }
};

} // namespace

KernelMatching matchKernels(const GpuProfile &profile,
                            const std::vector<KernelRecord> &kernels) {
  RoofNames roof(kernels);
  std::map<std::string, std::size_t> profiledBases;
  for (const ProfiledKernel &kernel : profile.kernels)
    ++profiledBases[baseFunctionName(kernel.name)];

  std::map<const KernelRecord *, KernelMatch> matches;
  KernelMatching matching;
  for (std::size_t p = 0; p < profile.kernels.size(); ++p) {
    const std::string &name = profile.kernels[p].name;
    std::string base = baseFunctionName(name);
    const KernelRecord *kernel = RoofNames::unique(roof.mangled, name);
    MatchedBy by = MatchedBy::MangledName;
    if (!kernel) {
      kernel = RoofNames::unique(roof.signature, normalizedSignature(name));
      by = MatchedBy::DemangledName;
    }
    if (!kernel && profiledBases[base] == 1) {
      kernel = RoofNames::unique(roof.base, base);
      by = MatchedBy::FunctionName;
    }
    if (!kernel) {
      matching.unknownToRoof.push_back(p);
      continue;
    }
    KernelMatch &match = matches[kernel];
    if (match.profiled.empty()) {
      match.kernel = kernel;
      match.by = by;
    }
    match.profiled.push_back(p);
  }
  for (const KernelRecord &kernel : kernels) {
    auto found = matches.find(&kernel);
    if (found == matches.end())
      matching.notProfiled.push_back(&kernel);
    else
      matching.matched.push_back(found->second);
  }
  return matching;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

namespace {

// True unless the profiler's sizes are known and differ from roof's.
bool sameGeometry(const ProfiledLaunch &profiled, const LaunchRecord &record) {
  return (!profiled.grid || *profiled.grid == record.grid) &&
         (!profiled.block || *profiled.block == record.block);
}

// The profiler's launches of `match`, in profiling order.
std::vector<const ProfiledLaunch *> launchesOf(const KernelMatch &match,
                                               const GpuProfile &profile) {
  std::vector<const ProfiledLaunch *> launches;
  for (const ProfiledLaunch &launch : profile.launches)
    if (std::find(match.profiled.begin(), match.profiled.end(),
                  launch.kernel) != match.profiled.end())
      launches.push_back(&launch);
  return launches;
}

// The first run of consecutive records with the launches' sizes.
std::optional<std::size_t>
firstMatchingRun(const std::vector<LaunchRecord> &records,
                 const std::vector<const ProfiledLaunch *> &launches) {
  std::size_t length = launches.size();
  for (std::size_t start = 0; start + length <= records.size(); ++start) {
    bool fits = true;
    for (std::size_t i = 0; i < length && fits; ++i)
      fits = sameGeometry(*launches[i], records[start + i]);
    if (fits)
      return start;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::uint64_t> profiledWindow(const GpuProfile &profile,
                                            const KernelMatching &matching) {
  std::vector<const KernelRecord *> roofKernel(profile.kernels.size());
  for (const KernelMatch &match : matching.matched)
    for (std::size_t p : match.profiled)
      roofKernel[p] = match.kernel;
  std::map<std::uint64_t, std::pair<const KernelRecord *, const LaunchRecord *>>
      bySequence;
  for (const KernelMatch &match : matching.matched)
    for (const LaunchRecord &record : match.kernel->launchRecords)
      bySequence[record.sequence] = {match.kernel, &record};

  const std::vector<ProfiledLaunch> &launches = profile.launches;
  auto first = std::find_if(
      launches.begin(), launches.end(),
      [&](const ProfiledLaunch &launch) { return roofKernel[launch.kernel]; });
  if (first == launches.end())
    return std::nullopt;
  std::uint64_t firstIndex =
      static_cast<std::uint64_t>(first - launches.begin());
  auto fits = [&](std::uint64_t offset) {
    for (std::size_t i = 0; i < launches.size(); ++i) {
      const KernelRecord *kernel = roofKernel[launches[i].kernel];
      auto found = bySequence.find(offset + i);
      // A kernel roof does not know takes a sequence number too, one no
      // record of roof's has.
      if (!kernel) {
        if (found != bySequence.end())
          return false;
        continue;
      }
      if (found == bySequence.end() || found->second.first != kernel ||
          !sameGeometry(launches[i], *found->second.second))
        return false;
    }
    return true;
  };
  for (const LaunchRecord &record : roofKernel[first->kernel]->launchRecords)
    if (record.sequence >= firstIndex && fits(record.sequence - firstIndex))
      return record.sequence - firstIndex;
  return std::nullopt;
}

ComparedLaunches comparedLaunches(const KernelMatch &match,
                                  const GpuProfile &profile,
                                  std::optional<std::uint64_t> window) {
  using Basis = ComparedLaunches::Basis;
  const KernelRecord &kernel = *match.kernel;
  ComparedLaunches compared;
  for (std::size_t p : match.profiled)
    compared.profiledLaunches += profile.kernels[p].launches;

  std::size_t wanted = compared.profiledLaunches;
  if (wanted >= kernel.countedLaunches) {
    compared.basis = wanted == kernel.countedLaunches ? Basis::KernelTotals
                                                      : Basis::MoreThanCounted;
    compared.counts = kernel.counts;
    compared.bytesBySpace = kernel.bytesBySpace;
    compared.timeS = kernel.timeS;
    return compared;
  }
  const std::vector<LaunchRecord> &records = kernel.launchRecords;
  if (records.empty()) {
    compared.basis = Basis::NoRecords;
    return compared;
  }

  std::vector<const ProfiledLaunch *> launches = launchesOf(match, profile);
  if (window) {
    compared.basis = Basis::ProcessWindow;
    for (const ProfiledLaunch *launch : launches) {
      std::uint64_t sequence = *window + (launch - profile.launches.data());
      for (const LaunchRecord &record : records)
        if (record.sequence == sequence)
          compared.records.push_back(&record);
    }
  } else if (launches.empty()) {
    compared.basis = Basis::FirstRecords;
    for (std::size_t i = 0; i < wanted && i < records.size(); ++i)
      compared.records.push_back(&records[i]);
  } else if (std::optional<std::size_t> start =
                 firstMatchingRun(records, launches)) {
    compared.basis = Basis::MatchingGeometry;
    for (std::size_t i = 0; i < wanted; ++i)
      compared.records.push_back(&records[*start + i]);
  }
  if (compared.records.size() != wanted) {
    compared.basis = Basis::NoMatchingRecords;
    compared.records.clear();
    return compared;
  }
  compared.timeS = 0.0;
  for (const LaunchRecord *record : compared.records) {
    addCounts(compared.counts, record->counts);
    addBytesBySpace(compared.bytesBySpace, record->bytesBySpace);
    *compared.timeS += record->timeS;
  }
  return compared;
}

} // namespace roof
