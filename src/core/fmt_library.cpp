// fmt's compiled part, built into the binary in the static build (CMakeLists.txt,
// CARAVAN_STATIC_LIBS). Debian ships libfmt only as a shared library, and loading it would bring
// the shared C++ runtime back into every start; using fmt header-only instead makes each of our
// files compile half again as long, since each one compiles fmt's implementation again. So the
// implementation is compiled once, here, from fmt's own header for that purpose.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
// The templates fmt's headers declare but define only in format-inl.h (the locale hooks, the
// `extern template`s for char, the floating-point conversions), instantiated where the
// definitions are visible.
template locale_ref::locale_ref(const std::locale& locale);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
template auto dragonbox::to_decimal<float>(float) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal<double>(double) noexcept -> dragonbox::decimal_fp<double>;
}  // namespace detail
FMT_END_NAMESPACE
