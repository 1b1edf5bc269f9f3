//===- driver/render/Svg.cpp - The roofline as SVG ------------------------===//
//
// The SVG is written by hand (no plotting library): a fixed canvas with the
// plot on the left and the legend on the right. Everything that can collide
// (lines, markers, labels) is also kept as a box, so that each label can be
// put at the first of its candidate places that is free.
//
//===----------------------------------------------------------------------===//
#include "Plot.h"

#include "LabelPlacer.h"
#include "Text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>
#include <sstream>

namespace roof {

//===----------------------------------------------------------------------===//
// Axes
//===----------------------------------------------------------------------===//

LogAxis logAxisCovering(const std::vector<double> &values, double margin,
                        int minDecades) {
  double low = INFINITY, high = 0;
  for (double value : values)
    if (value > 0 && std::isfinite(value)) {
      low = std::min(low, value / margin);
      high = std::max(high, value * margin);
    }
  LogAxis axis;
  if (high == 0) // nothing to show: one decade either side of 1
    return {-1, 1};
  axis.lowDecade = static_cast<int>(std::floor(std::log10(low)));
  axis.highDecade = static_cast<int>(std::ceil(std::log10(high)));
  // Widen evenly, the top first: room above the roofs is where the compute
  // labels go.
  while (axis.highDecade - axis.lowDecade < minDecades) {
    ++axis.highDecade;
    if (axis.highDecade - axis.lowDecade < minDecades)
      --axis.lowDecade;
  }
  return axis;
}

std::string decadeLabel(int decade) {
  if (decade < -3 || decade > 4)
    return "1e" + std::to_string(decade);
  if (decade >= 0)
    return std::to_string(static_cast<long>(std::pow(10, decade)));
  return "0." + std::string(static_cast<std::size_t>(-decade - 1), '0') + "1";
}

namespace {

//===----------------------------------------------------------------------===//
// Canvas
//===----------------------------------------------------------------------===//

constexpr double kCanvasWidth = 1200, kCanvasHeight = 700;
constexpr double kPlotLeft = 90, kPlotTop = 78;
constexpr double kPlotWidth = 720, kPlotHeight = 530;
constexpr double kLegendLeft = kPlotLeft + kPlotWidth + 28;
// Where labels go: the top left and bottom right corners of the plot.
constexpr std::array<Point2, 2> kPlotArea = {
    {{kPlotLeft, kPlotTop}, {kPlotLeft + kPlotWidth, kPlotTop + kPlotHeight}}};
constexpr double kTitleSize = 19, kAxisTitleSize = 15, kTextSize = 13;
// DejaVu Sans, the usual fallback, averages below 0.6 em per character.
constexpr double kEmPerCharacter = 0.6;
constexpr double kMarkerRadius = 5.5;
constexpr const char *kFontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif";
constexpr const char *kCeilingColour = "#3a3a3a";
// A white outline under labels in the plot, so that a line or marker they
// cannot avoid does not cross the letters.
constexpr const char *kHalo =
    "stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\" "
    "stroke-linejoin=\"round\"";

// Colours for scopes: distinct on white and for the common colour blindnesses
// (Okabe-Ito, without its yellow).
constexpr const char *kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#000000"};
constexpr std::size_t kPaletteSize = sizeof kPalette / sizeof kPalette[0];

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

// Whether byte `c` starts a UTF-8 character.
bool startsCharacter(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

double textWidth(std::string_view text, double size) {
  std::size_t characters =
      std::count_if(text.begin(), text.end(), startsCharacter);
  return static_cast<double>(characters) * kEmPerCharacter * size;
}

// `text` cut to at most `width` at font size `size`, ending in an ellipsis
// where it was cut (at a UTF-8 character boundary).
std::string fitted(std::string_view text, double size, double width) {
  if (textWidth(text, size) <= width)
    return std::string(text);
  const std::string_view ellipsis = "\u2026";
  std::size_t keep = static_cast<std::size_t>(
      (width - textWidth(ellipsis, size)) / (kEmPerCharacter * size));
  std::size_t end = 0;
  for (std::size_t characters = 0; end < text.size(); ++end)
    if (startsCharacter(text[end]) && characters++ == keep)
      break;
  return std::string(text.substr(0, end)) + std::string(ellipsis);
}

std::string coordinate(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

// A ceiling's value the way people read it: 341.8, 2390.
std::string ceilingValue(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value >= 1000 ? "%.0f" : "%.1f", value);
  return buffer;
}

class Frame {
public:
  Frame(LogAxis x, LogAxis y) : x_(x), y_(y) {}
  double px(double ai) const {
    return kPlotLeft + (std::log10(ai) - x_.lowDecade) /
                           (x_.highDecade - x_.lowDecade) * kPlotWidth;
  }
  double py(double gflops) const {
    return kPlotTop + kPlotHeight -
           (std::log10(gflops) - y_.lowDecade) /
               (y_.highDecade - y_.lowDecade) * kPlotHeight;
  }
  double xMin() const { return std::pow(10, x_.lowDecade); }
  double xMax() const { return std::pow(10, x_.highDecade); }
  double yMin() const { return std::pow(10, y_.lowDecade); }
  const LogAxis &x() const { return x_; }
  const LogAxis &y() const { return y_; }

private:
  LogAxis x_, y_;
};

// A label as its text box: baseline start, angle, size.
struct TextPlacement {
  Point2 origin;
  double angle = 0; // radians, screen coordinates
};

// The box a text occupies: from a little below the baseline to the top of
// its capitals.
Box textBox(const TextPlacement &at, std::string_view text, double size) {
  double descent = 0.25 * size, height = 1.05 * size;
  Point2 origin{at.origin.x - descent * std::sin(at.angle),
                at.origin.y + descent * std::cos(at.angle)};
  return rotatedBox(origin, textWidth(text, size), height, at.angle);
}

//===----------------------------------------------------------------------===//
// What is drawn
//===----------------------------------------------------------------------===//

enum class Dash { Solid, Dashed, Dotted, DashDot };

const char *dashArray(Dash dash) {
  switch (dash) {
  case Dash::Solid:
    return "";
  case Dash::Dashed:
    return " stroke-dasharray=\"9 5\"";
  case Dash::Dotted:
    return " stroke-dasharray=\"2 4\"";
  case Dash::DashDot:
    return " stroke-dasharray=\"10 4 2 4\"";
  }
  return "";
}

Dash dashOf(ComputeKind kind) {
  switch (kind) {
  case ComputeKind::Fma:
    return Dash::Solid;
  case ComputeKind::NoFma:
    return Dash::Dashed;
  case ComputeKind::DivideFma:
  case ComputeKind::DivideNoFma:
    return Dash::Dotted;
  case ComputeKind::Other:
    return Dash::DashDot;
  }
  return Dash::Solid;
}

struct HorizontalCeiling {
  std::string label; // empty: named in another ceiling's label
  double gflops;
  Dash dash;
  std::string colour;
  bool optionalLabel; // a scope's ceiling, named in the legend too
};

// A point to mark: one scope, one FLOP count, one level.
struct Mark {
  std::size_t scope;
  std::size_t shape; // by level
  bool empirical;
  double ai, gflops;
  std::string level;
  BytesSource source;
};

class SvgRoofline {
public:
  explicit SvgRoofline(const PlotInput &input)
      : input_(input), frame_(axes()) {}

  void write(std::ostream &out) {
    collectCeilings();
    collectMarks();
    std::ostringstream body;
    writeGrid(body);
    writeCeilingLines(body);
    writeMarks(body); // blocks the markers before any label is placed
    writeCeilingLabels(body);
    writePointLabels(body);
    writeAxes(body);
    // A long legend makes the canvas taller, never the plot.
    double height = std::max(kCanvasHeight, writeLegend(body) + 16);

    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kCanvasWidth
        << "\" height=\"" << coordinate(height) << "\" viewBox=\"0 0 "
        << kCanvasWidth << " " << coordinate(height) << "\" font-family=\""
        << kFontFamily << "\">\n"
        << "<title>" << escaped(input_.title) << "</title>\n";
    writeDefinitions(out);
    out << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << textElement({kPlotLeft, 30}, input_.title, kTitleSize,
                       "font-weight=\"bold\"")
        << textElement({kPlotLeft, 54},
                       fitted(input_.subtitle, kTextSize,
                              kCanvasWidth - kPlotLeft - 16),
                       kTextSize, "fill=\"#555\"")
        << body.str() << "</svg>\n";
  }

private:
  //--- Layout -------------------------------------------------------------//

  // The highest compute ceiling drawn: where the diagonals end.
  double topRoof() const {
    double top = 0;
    for (const ComputeCeiling *ceiling : drawnCompute())
      top = std::max(top, ceiling->gflops);
    return top;
  }

  double fastestBandwidth() const {
    double fastest = 0;
    for (const BandwidthCeiling &bandwidth : input_.ceilings.bandwidth)
      fastest = std::max(fastest, bandwidth.gbytes);
    return fastest;
  }

  // The file's compute ceilings of the plotted precision (or of none).
  std::vector<const ComputeCeiling *> drawnCompute() const {
    std::vector<const ComputeCeiling *> drawn;
    for (const ComputeCeiling &ceiling : input_.ceilings.compute)
      if (!ceiling.precision || *ceiling.precision == input_.precision)
        drawn.push_back(&ceiling);
    return drawn;
  }

  Frame axes() const {
    std::vector<double> ais, gflops;
    double top = topRoof(), fastest = fastestBandwidth();
    for (const BandwidthCeiling &bandwidth : input_.ceilings.bandwidth)
      if (top > 0)
        ais.push_back(top / bandwidth.gbytes); // every ridge point
    for (const ComputeCeiling *ceiling : drawnCompute()) {
      gflops.push_back(ceiling->gflops);
      if (fastest > 0)
        ais.push_back(ceiling->gflops / fastest);
    }
    for (const PlotScope &scope : input_.scopes)
      for (const RooflinePoint *point :
           {&scope.roofline.empirical, &scope.roofline.canonical})
        for (const LevelPoint &level : point->levels)
          if (level.ai && point->gflops) {
            ais.push_back(*level.ai);
            gflops.push_back(*point->gflops);
          }
    // A factor 2 of room around the data (0.3 decades, ~40 pixels) keeps
    // markers and labels off the frame without an empty decade.
    LogAxis x = logAxisCovering(ais, 2, 3);
    LogAxis y = logAxisCovering(gflops, 2, 3);
    return Frame(x, y);
  }

  //--- Collecting ---------------------------------------------------------//

  void collectCeilings() {
    for (const ComputeCeiling *ceiling : drawnCompute()) {
      HorizontalCeiling horizontal{
          ceilingLabel(*ceiling) + "  " + ceilingValue(ceiling->gflops) +
              " GFLOP/s",
          ceiling->gflops, dashOf(ceiling->kind), kCeilingColour, false};
      // Ceilings too close for a label each (FMA and no-FMA measured alike)
      // share the first one's label.
      double y = frame_.py(ceiling->gflops);
      auto near = std::find_if(
          horizontals_.begin(), horizontals_.end(), [&](const auto &other) {
            return !other.label.empty() &&
                   std::fabs(frame_.py(other.gflops) - y) < 0.6 * kTextSize;
          });
      if (near != horizontals_.end()) {
        // "FP32 FMA  233.8, no-FMA  233.4 GFLOP/s": the unit once, at the end.
        constexpr std::string_view kUnit = " GFLOP/s";
        near->label.resize(near->label.size() - kUnit.size());
        std::string name = ceiling->kind == ComputeKind::Other
                               ? ceiling->name
                               : computeKindName(ceiling->kind);
        near->label += ", " + name + "  " + ceilingValue(ceiling->gflops) +
                       std::string(kUnit);
        horizontal.label.clear();
      }
      horizontals_.push_back(horizontal);
    }
    // A partial-FMA ceiling per scope, once per value: scopes of one mix
    // share it.
    for (std::size_t s = 0; s < input_.scopes.size(); ++s) {
      const auto &compute = input_.scopes[s].roofline.compute;
      if (!compute || !compute->partial)
        continue;
      bool drawn = std::any_of(
          horizontals_.begin(), horizontals_.end(), [&](const auto &h) {
            return std::fabs(h.gflops / compute->gflops - 1) < 1e-3;
          });
      if (!drawn)
        horizontals_.push_back({"partial-FMA " + alphaText(input_.scopes[s]) +
                                    "  " + ceilingValue(compute->gflops),
                                compute->gflops, Dash::DashDot, colourOf(s),
                                true});
    }
  }

  static std::string alphaText(const PlotScope &scope) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "\xCE\xB1=%.2f",
                  scope.roofline.mix.fmaShare);
    return buffer;
  }

  // Levels in the order of the ceilings file, then any others.
  std::size_t shapeOf(const std::string &level) {
    for (std::size_t i = 0; i < levels_.size(); ++i)
      if (levels_[i] == level)
        return i;
    levels_.push_back(level);
    return levels_.size() - 1;
  }

  void collectMarks() {
    for (std::size_t s = 0; s < input_.scopes.size(); ++s)
      for (bool empirical : {false, true}) {
        const ScopeRoofline &roofline = input_.scopes[s].roofline;
        const RooflinePoint &point =
            empirical ? roofline.empirical : roofline.canonical;
        for (const LevelPoint &level : point.levels)
          if (level.ai && point.gflops)
            marks_.push_back({s, 0, empirical, *level.ai, *point.gflops,
                              level.bytes.level, level.bytes.source});
      }
    // Shapes follow the file's order of levels, whatever order marks come in.
    for (const BandwidthCeiling &bandwidth : input_.ceilings.bandwidth)
      for (const Mark &mark : marks_)
        if (mark.level == bandwidth.level) {
          shapeOf(bandwidth.level);
          break;
        }
    for (Mark &mark : marks_)
      mark.shape = shapeOf(mark.level);
  }

  static const char *colourOf(std::size_t scope) {
    return kPalette[scope % kPaletteSize];
  }

  //--- Drawing ------------------------------------------------------------//

  static std::string textElement(Point2 at, std::string_view text, double size,
                                 const std::string &attributes = "",
                                 double angleDegrees = 0) {
    std::ostringstream element;
    element << "<text x=\"" << coordinate(at.x) << "\" y=\"" << coordinate(at.y)
            << "\" font-size=\"" << size << "\"";
    if (angleDegrees != 0)
      element << " transform=\"rotate(" << coordinate(angleDegrees) << " "
              << coordinate(at.x) << " " << coordinate(at.y) << ")\"";
    if (!attributes.empty())
      element << " " << attributes;
    element << ">" << escaped(text) << "</text>\n";
    return element.str();
  }

  void writeDefinitions(std::ostream &out) const {
    out << "<defs>\n<clipPath id=\"plot-area\"><rect x=\"" << kPlotLeft
        << "\" y=\"" << kPlotTop << "\" width=\"" << kPlotWidth
        << "\" height=\"" << kPlotHeight << "\"/></clipPath>\n";
    for (std::size_t s = 0; s < input_.scopes.size(); ++s)
      out << "<marker id=\"arrow-" << s
          << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
             "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
             "<path d=\"M0,0 L10,5 L0,10 z\" fill=\""
          << colourOf(s) << "\"/></marker>\n";
    out << "</defs>\n";
  }

  void writeGrid(std::ostream &out) const {
    out << "<g stroke-width=\"1\">\n";
    for (int d = frame_.x().lowDecade; d <= frame_.x().highDecade; ++d)
      for (int m = 1; m <= 9 && (m == 1 || d < frame_.x().highDecade); ++m) {
        double x = frame_.px(m * std::pow(10, d));
        out << "<line x1=\"" << coordinate(x) << "\" y1=\"" << kPlotTop
            << "\" x2=\"" << coordinate(x) << "\" y2=\""
            << kPlotTop + kPlotHeight << "\" stroke=\""
            << (m == 1 ? "#d0d0d0" : "#efefef") << "\"/>\n";
      }
    for (int d = frame_.y().lowDecade; d <= frame_.y().highDecade; ++d)
      for (int m = 1; m <= 9 && (m == 1 || d < frame_.y().highDecade); ++m) {
        double y = frame_.py(m * std::pow(10, d));
        out << "<line x1=\"" << kPlotLeft << "\" y1=\"" << coordinate(y)
            << "\" x2=\"" << kPlotLeft + kPlotWidth << "\" y2=\""
            << coordinate(y) << "\" stroke=\""
            << (m == 1 ? "#d0d0d0" : "#efefef") << "\"/>\n";
      }
    out << "</g>\n";
  }

  void line(std::ostream &out, Point2 a, Point2 b, const std::string &colour,
            double width, Dash dash) {
    out << "<line x1=\"" << coordinate(a.x) << "\" y1=\"" << coordinate(a.y)
        << "\" x2=\"" << coordinate(b.x) << "\" y2=\"" << coordinate(b.y)
        << "\" stroke=\"" << colour << "\" stroke-width=\"" << width << "\""
        << dashArray(dash) << "/>\n";
    placer_.blockLine(a, b);
  }

  void writeCeilingLines(std::ostream &out) {
    out << "<g clip-path=\"url(#plot-area)\" stroke-linecap=\"round\">\n";
    double top = topRoof(), fastest = fastestBandwidth();
    for (const BandwidthCeiling &bandwidth : input_.ceilings.bandwidth) {
      double start = std::max(frame_.xMin(), frame_.yMin() / bandwidth.gbytes);
      double end = top > 0 ? top / bandwidth.gbytes : frame_.xMax();
      if (start >= end)
        continue;
      Point2 a{frame_.px(start), frame_.py(bandwidth.gbytes * start)};
      Point2 b{frame_.px(end), frame_.py(bandwidth.gbytes * end)};
      line(out, a, b, kCeilingColour, 2, Dash::Solid);
      diagonals_.push_back(
          {bandwidth.level + "  " + ceilingValue(bandwidth.gbytes) + " GB/s", a,
           b});
    }
    for (HorizontalCeiling &ceiling : horizontals_) {
      double start = fastest > 0
                         ? std::max(frame_.xMin(), ceiling.gflops / fastest)
                         : frame_.xMin();
      double y = frame_.py(ceiling.gflops);
      Point2 a{frame_.px(start), y}, b{kPlotLeft + kPlotWidth, y};
      bool scopeCeiling = ceiling.colour != kCeilingColour;
      line(out, a, b, ceiling.colour, scopeCeiling ? 1.6 : 2, ceiling.dash);
      ceilingStarts_.push_back(a.x);
    }
    out << "</g>\n";
  }

  void writeCeilingLabels(std::ostream &out) {
    out << "<g font-size=\"" << kTextSize << "\">\n";
    // Compute ceilings: at the right end above the line, else below it,
    // else further left.
    for (std::size_t i = 0; i < horizontals_.size(); ++i) {
      const HorizontalCeiling &ceiling = horizontals_[i];
      if (ceiling.label.empty())
        continue; // labelled with a ceiling of nearly the same value
      double width = textWidth(ceiling.label, kTextSize);
      double y = frame_.py(ceiling.gflops);
      double right = kPlotLeft + kPlotWidth - 6 - width;
      double left = std::min(ceilingStarts_[i] + 6, right);
      std::vector<TextPlacement> candidates;
      for (double t : {1.0, 0.75, 0.5, 0.25, 0.0})
        for (double baseline : {y - 5, y + 5 + kTextSize})
          candidates.push_back({{left + t * (right - left), baseline}, 0});
      placeText(out, candidates, ceiling.label, ceiling.colour,
                ceiling.optionalLabel);
    }
    // Bandwidths: along their diagonal, above it, from the lower left.
    for (const Diagonal &diagonal : diagonals_) {
      double angle =
          std::atan2(diagonal.b.y - diagonal.a.y, diagonal.b.x - diagonal.a.x);
      Point2 up{std::sin(angle), -std::cos(angle)};
      std::vector<TextPlacement> candidates;
      for (double side : {5.0, -5.0 - kTextSize})
        for (double t : {0.06, 0.16, 0.26, 0.36, 0.46, 0.56, 0.66}) {
          Point2 on{diagonal.a.x + t * (diagonal.b.x - diagonal.a.x),
                    diagonal.a.y + t * (diagonal.b.y - diagonal.a.y)};
          candidates.push_back(
              {{on.x + side * up.x, on.y + side * up.y}, angle});
        }
      placeText(out, candidates, diagonal.label, kCeilingColour);
    }
    out << "</g>\n";
  }

  // The first free place of `places` for `text`, which is then taken;
  // nothing for an `optional` label that has no free place.
  std::optional<TextPlacement>
  findPlace(const std::vector<TextPlacement> &places, const std::string &text,
            bool optional) {
    std::vector<Box> boxes;
    for (const TextPlacement &place : places)
      boxes.push_back(textBox(place, text, kTextSize));
    std::optional<std::size_t> chosen = placer_.place(boxes, optional);
    if (!chosen)
      return std::nullopt;
    return places[*chosen];
  }

  // Writes `text` at the first free place of `places`; an `optional` label
  // is left out rather than drawn over something else.
  void placeText(std::ostream &out, const std::vector<TextPlacement> &places,
                 const std::string &text, const std::string &colour,
                 bool optional = false) {
    std::optional<TextPlacement> at = findPlace(places, text, optional);
    if (!at)
      return;
    out << textElement(at->origin, text, kTextSize,
                       "fill=\"" + colour + "\" " + kHalo,
                       at->angle * 180 / M_PI);
  }

  void writeMarker(std::ostream &out, const Mark &mark, Point2 at) {
    std::string colour = colourOf(mark.scope);
    std::string paint = "fill=\"" +
                        (mark.empirical ? colour : std::string("white")) +
                        "\" stroke=\"" + colour + "\" stroke-width=\"1.8\"";
    out << markerShape(mark.shape, at, kMarkerRadius, paint);
    double r = kMarkerRadius + 1;
    placer_.block(rotatedBox({at.x - r, at.y + r}, 2 * r, 2 * r, 0));
  }

  static std::string markerShape(std::size_t shape, Point2 at, double r,
                                 const std::string &paint) {
    std::ostringstream svg;
    auto polygon = [&](std::initializer_list<Point2> corners) {
      svg << "<polygon points=\"";
      for (const Point2 &c : corners)
        svg << coordinate(at.x + c.x * r) << "," << coordinate(at.y + c.y * r)
            << " ";
      svg << "\" " << paint << "/>\n";
    };
    switch (shape % 5) {
    case 0:
      svg << "<circle cx=\"" << coordinate(at.x) << "\" cy=\""
          << coordinate(at.y) << "\" r=\"" << r << "\" " << paint << "/>\n";
      break;
    case 1:
      polygon({{-0.9, -0.9}, {0.9, -0.9}, {0.9, 0.9}, {-0.9, 0.9}});
      break;
    case 2:
      polygon({{0, -1.25}, {1.1, 0}, {0, 1.25}, {-1.1, 0}});
      break;
    case 3:
      polygon({{0, -1.2}, {1.1, 0.8}, {-1.1, 0.8}});
      break;
    default:
      polygon({{0, 1.2}, {1.1, -0.8}, {-1.1, -0.8}});
      break;
    }
    return svg.str();
  }

  Point2 screen(const Mark &mark) const {
    return {frame_.px(mark.ai), frame_.py(mark.gflops)};
  }

  void writeMarks(std::ostream &out) {
    out << "<g>\n";
    // Arrows first, under the markers: canonical -> empirical, same level.
    for (const Mark &canonical : marks_) {
      if (canonical.empirical)
        continue;
      for (const Mark &empirical : marks_) {
        if (!empirical.empirical || empirical.scope != canonical.scope ||
            empirical.level != canonical.level)
          continue;
        Point2 a = screen(canonical), b = screen(empirical);
        double length = std::hypot(b.x - a.x, b.y - a.y);
        if (length < 3 * kMarkerRadius) // on top of each other
          continue;
        double gap = kMarkerRadius + 2;
        Point2 unit{(b.x - a.x) / length, (b.y - a.y) / length};
        Point2 from{a.x + gap * unit.x, a.y + gap * unit.y};
        Point2 to{b.x - gap * unit.x, b.y - gap * unit.y};
        out << "<line x1=\"" << coordinate(from.x) << "\" y1=\""
            << coordinate(from.y) << "\" x2=\"" << coordinate(to.x)
            << "\" y2=\"" << coordinate(to.y) << "\" stroke=\""
            << colourOf(canonical.scope)
            << "\" stroke-width=\"1.6\" marker-end=\"url(#arrow-"
            << canonical.scope << ")\"/>\n";
        placer_.blockLine(from, to);
      }
    }
    // Hollow canonical markers under filled empirical ones: a scope's
    // canonical point often lies where another scope's empirical one is.
    for (bool empirical : {false, true})
      for (const Mark &mark : marks_)
        if (mark.empirical == empirical)
          writeMarker(out, mark, screen(mark));
    out << "</g>\n";
  }

  // Each scope's name beside its empirical point of the first level. Scopes
  // whose points coincide share one label, each name in its colour.
  void writePointLabels(std::ostream &out) {
    struct Group {
      Point2 at;
      std::vector<std::size_t> scopes;
    };
    std::vector<Group> groups;
    for (std::size_t s = 0; s < input_.scopes.size(); ++s) {
      auto mark =
          std::find_if(marks_.begin(), marks_.end(), [&](const Mark &m) {
            return m.scope == s && m.empirical;
          });
      if (mark == marks_.end())
        continue;
      Point2 at = screen(*mark);
      auto same = std::find_if(groups.begin(), groups.end(), [&](auto &g) {
        return std::hypot(g.at.x - at.x, g.at.y - at.y) < kMarkerRadius;
      });
      if (same != groups.end())
        same->scopes.push_back(s);
      else
        groups.push_back({at, {s}});
    }

    out << "<g font-size=\"" << kTextSize << "\">\n";
    for (const Group &group : groups) {
      std::vector<std::string> names;
      std::string text;
      for (std::size_t s : group.scopes) {
        names.push_back(shortenName(input_.scopes[s].label, 28));
        text += (text.empty() ? "" : ", ") + names.back();
      }
      double width = textWidth(text, kTextSize);
      double gap = kMarkerRadius + 5;
      std::vector<TextPlacement> candidates;
      // Beside the point, then above and below it, then further out.
      for (double distance : {gap, 2.5 * gap})
        for (Point2 offset :
             {Point2{distance, 4.5}, Point2{-distance - width, 4.5},
              Point2{-width / 2, -distance},
              Point2{-width / 2, distance + kTextSize},
              Point2{distance, -distance},
              Point2{distance, distance + kTextSize},
              Point2{-distance - width, -distance},
              Point2{-distance - width, distance + kTextSize}})
          candidates.push_back(
              {{group.at.x + offset.x, group.at.y + offset.y}, 0});
      std::optional<TextPlacement> at = findPlace(candidates, text, false);
      out << "<text x=\"" << coordinate(at->origin.x) << "\" y=\""
          << coordinate(at->origin.y) << "\" " << kHalo << ">";
      for (std::size_t i = 0; i < names.size(); ++i)
        out << (i ? ", " : "") << "<tspan fill=\"" << colourOf(group.scopes[i])
            << "\">" << escaped(names[i]) << "</tspan>";
      out << "</text>\n";
    }
    out << "</g>\n";
  }

  void writeAxes(std::ostream &out) const {
    out << "<rect x=\"" << kPlotLeft << "\" y=\"" << kPlotTop << "\" width=\""
        << kPlotWidth << "\" height=\"" << kPlotHeight
        << "\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.2\"/>\n";
    out << "<g font-size=\"" << kTextSize << "\" fill=\"#222\">\n";
    double bottom = kPlotTop + kPlotHeight;
    for (int d = frame_.x().lowDecade; d <= frame_.x().highDecade; ++d) {
      double x = frame_.px(std::pow(10, d));
      out << "<line x1=\"" << coordinate(x) << "\" y1=\"" << bottom
          << "\" x2=\"" << coordinate(x) << "\" y2=\"" << bottom + 6
          << "\" stroke=\"#222\"/>\n"
          << textElement({x, bottom + 8 + kTextSize}, decadeLabel(d), kTextSize,
                         "text-anchor=\"middle\"");
    }
    for (int d = frame_.y().lowDecade; d <= frame_.y().highDecade; ++d) {
      double y = frame_.py(std::pow(10, d));
      out << "<line x1=\"" << kPlotLeft - 6 << "\" y1=\"" << coordinate(y)
          << "\" x2=\"" << kPlotLeft << "\" y2=\"" << coordinate(y)
          << "\" stroke=\"#222\"/>\n"
          << textElement({kPlotLeft - 9, y + kTextSize * 0.35}, decadeLabel(d),
                         kTextSize, "text-anchor=\"end\"");
    }
    out << "</g>\n"
        << textElement({kPlotLeft + kPlotWidth / 2, bottom + 48},
                       "Arithmetic intensity (FLOP/byte)", kAxisTitleSize,
                       "text-anchor=\"middle\"")
        << textElement({28, kPlotTop + kPlotHeight / 2},
                       "Performance (GFLOP/s)", kAxisTitleSize,
                       "text-anchor=\"middle\"", -90);
  }

  //--- Legend -------------------------------------------------------------//

  // Writes the legend; returns where it ends.
  double writeLegend(std::ostream &out) const {
    double y = kPlotTop + 4;
    double x = kLegendLeft;
    auto heading = [&](const std::string &text) {
      out << textElement({x, y + kTextSize}, text, kTextSize,
                         "font-weight=\"bold\"");
      y += kTextSize + 10;
    };
    auto entry = [&](const std::string &symbol, const std::string &text,
                     const std::string &detail = "") {
      out << symbol
          << textElement({x + 30, y + kTextSize * 0.35}, text, kTextSize);
      if (!detail.empty()) {
        y += kTextSize + 3;
        out << textElement({x + 30, y + kTextSize * 0.35}, detail,
                           kTextSize - 1, "fill=\"#555\"");
      }
      y += kTextSize + 9;
    };
    auto swatchLine = [&](const std::string &colour, Dash dash) {
      return "<line x1=\"" + coordinate(x) + "\" y1=\"" + coordinate(y) +
             "\" x2=\"" + coordinate(x + 22) + "\" y2=\"" + coordinate(y) +
             "\" stroke=\"" + colour + "\" stroke-width=\"2\"" +
             dashArray(dash) + "/>\n";
    };
    Point2 symbolAt{0, 0};
    auto marker = [&](std::size_t shape, const std::string &colour,
                      bool filled) {
      symbolAt = {x + 11, y};
      return markerShape(shape, symbolAt, kMarkerRadius,
                         "fill=\"" + (filled ? colour : std::string("white")) +
                             "\" stroke=\"" + colour +
                             "\" stroke-width=\"1.8\"");
    };

    heading("Scopes (" + std::string(kPrecisionNames[input_.precision]) +
            ", e at the binding level)");
    for (std::size_t s = 0; s < input_.scopes.size(); ++s)
      entry(marker(0, colourOf(s), true),
            shortenName(input_.scopes[s].label, 40),
            legendDetail(input_.scopes[s].roofline));
    y += 6;
    if (!levels_.empty()) {
      heading("Memory levels");
      for (std::size_t i = 0; i < levels_.size(); ++i)
        entry(marker(i, "#444", true), levels_[i], levelDetail(i));
      y += 6;
    }
    heading("Points and ceilings");
    entry(marker(0, "#444", true), "empirical FLOPs");
    entry(marker(0, "#444", false), "canonical FLOPs");
    out << "<line x1=\"" << coordinate(x) << "\" y1=\"" << coordinate(y)
        << "\" x2=\"" << coordinate(x + 20) << "\" y2=\"" << coordinate(y)
        << "\" stroke=\"#444\" stroke-width=\"1.6\"/>"
        << "<path d=\"M" << coordinate(x + 16) << "," << coordinate(y - 4)
        << " L" << coordinate(x + 24) << "," << coordinate(y) << " L"
        << coordinate(x + 16) << "," << coordinate(y + 4)
        << " z\" fill=\"#444\"/>\n";
    entry("", "canonical \xE2\x86\x92 empirical");
    entry(swatchLine(kCeilingColour, Dash::Solid), "FMA ceiling, bandwidth");
    entry(swatchLine(kCeilingColour, Dash::Dashed), "no-FMA ceiling");
    entry(swatchLine(kCeilingColour, Dash::Dotted), "divide ceilings");
    entry(swatchLine("#777", Dash::DashDot), "partial-FMA ceiling of a scope",
          "(\xCE\xB1 \xC3\x97 2 + 1 \xE2\x88\x92 \xCE\xB1) / 2 \xC3\x97 FMA "
          "ceiling, \xCE\xB1 = FMA share");
    return y;
  }

  // "bytes modelled, measured": where the bytes of the level with marker
  // shape `shape` come from, over all scopes; and whether it has a roof.
  std::string levelDetail(std::size_t shape) const {
    std::set<BytesSource> sources;
    for (const Mark &mark : marks_)
      if (mark.shape == shape)
        sources.insert(mark.source);
    std::string detail = "bytes";
    for (BytesSource source : sources)
      detail += (detail == "bytes" ? " " : ", ") +
                std::string(bytesSourceName(source));
    const std::string &level = levels_[shape];
    if (level != kCountedLevel && !input_.ceilings.bandwidthOf(level))
      detail += "; no bandwidth ceiling";
    return detail;
  }

  // "e 80.00% at DRAM; FP64 partial-FMA 800.0": how well a scope does
  // against what, in a line that fits the legend.
  static std::string legendDetail(const ScopeRoofline &roofline) {
    const RooflinePoint &point = roofline.empirical;
    std::string detail;
    if (!point.gflops)
      detail = "not timed";
    else if (!point.binding)
      detail = "no efficiency";
    else
      detail = "e " + percentText(*point.efficiency) + " at " +
               point.levels[*point.binding].bytes.level +
               (point.levels[*point.binding].computeBound ? " (compute)" : "");
    if (roofline.compute)
      detail += "; " + roofline.compute->name + " " +
                ceilingValue(roofline.compute->gflops);
    return detail;
  }

  struct Diagonal {
    std::string label;
    Point2 a, b;
  };

  const PlotInput &input_;
  Frame frame_;
  LabelPlacer placer_{kPlotArea};
  std::vector<HorizontalCeiling> horizontals_;
  std::vector<double> ceilingStarts_;
  std::vector<Diagonal> diagonals_;
  std::vector<Mark> marks_;
  std::vector<std::string> levels_; // marker shape i is levels_[i]
};

} // namespace

void writeRooflineSvg(std::ostream &out, const PlotInput &input) {
  SvgRoofline(input).write(out);
}

} // namespace roof
