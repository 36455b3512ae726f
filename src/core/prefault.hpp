// The pages every command touches, mapped at the start of the process in a few system calls
// instead of one page fault each. On the machine of the ninth session (docs/PERFORMANCE.md) a
// page fault cost about 14 us (a virtual machine whose page tables the host shadows), and a
// `submit` took some 230 of them: about a quarter of its time. Asking the kernel to populate a
// range with MADV_POPULATE_READ/WRITE (Linux 5.14) maps all its pages in one call, at about 1-3 us
// a page. Where the kernel does not know the advice, nothing is populated and nothing fails.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

// A range of whole pages, [begin, end).
struct PageRange {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;

  std::size_t size() const { return end - begin; }
  bool empty() const { return end == begin; }
};

// The pages that hold any of the bytes [begin, end): none when end is not after begin.
PageRange pages_of(const void* begin, const void* end);

// The pages of the range made resident: read (shared with the page cache) or written (private
// zeroed or copied pages, as a first write would make them). Returns whether the kernel did it.
bool populate_read(PageRange pages);
bool populate_write(PageRange pages);

// Grows the heap by `bytes` at least and makes its free top resident: the new pages and any
// free ones at the top before. Returns those pages (empty when the heap could not grow or the
// kernel would not populate). Sets glibc's malloc to grow the heap by `bytes` at a time, to take
// blocks up to 32 MiB from the heap and to give memory back only when 64 MiB lie free at its top:
// setting any of these turns off malloc's sliding mmap threshold, whose ceiling these are.
PageRange populate_heap(std::size_t bytes);

// The pages of every segment that is mapped and never written, of the program and of the C
// library: headers and relocations, code, and constant data with the unwinder's tables. (Not
// libm's: its 0.9 MB would be resident in every process for about three faults.)
std::vector<PageRange> read_only_segments();

// What the binary does first, before its static objects are constructed: the heap's first
// `kStartHeap` bytes, the binary's zeroed data and the read-only segments.
inline constexpr std::size_t kStartHeap = 384 * 1024;
void prefault_start();

}  // namespace core
