#include "core/prefault.hpp"

#include <cstdlib>

#include <link.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

// Placed by the linker (GNU ld, gold and lld alike): the bounds of the binary's zeroed data.
extern "C" char __bss_start[], _end[];

namespace core {
namespace {

#ifndef MADV_POPULATE_READ  // Linux 5.14's advice, newer than some C libraries' headers
constexpr int MADV_POPULATE_READ = 22;
constexpr int MADV_POPULATE_WRITE = 23;
#endif

std::uintptr_t page_size() {
  static const auto size = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  return size;
}

bool populate(PageRange pages, int advice) {
  if (pages.empty()) return true;
  return madvise(reinterpret_cast<void*>(pages.begin), pages.size(), advice) == 0;
}

}  // namespace

PageRange pages_of(const void* begin, const void* end) {
  const std::uintptr_t mask = page_size() - 1;
  const auto from = reinterpret_cast<std::uintptr_t>(begin);
  const auto to = reinterpret_cast<std::uintptr_t>(end);
  if (to <= from) return {from & ~mask, from & ~mask};
  return {from & ~mask, (to + mask) & ~mask};
}

bool populate_read(PageRange pages) { return populate(pages, MADV_POPULATE_READ); }
bool populate_write(PageRange pages) { return populate(pages, MADV_POPULATE_WRITE); }

PageRange populate_heap(std::size_t bytes) {
  const std::size_t free_top = mallinfo2().keepcost;  // the free block at the heap's top
  const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
  // Each of these turns off the sliding mmap threshold, so the three are set together: the heap
  // grows `bytes` beyond what is asked, blocks up to 32 MiB come from it (the sliding threshold's
  // ceiling), and it gives memory back only when 64 MiB lie free at its top.
  mallopt(M_TOP_PAD, static_cast<int>(bytes));
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
  // A block one byte larger than the free space at the heap's top makes the heap grow by `bytes`
  // and a little; freed, the block goes back to the top. (At the start of a process the heap is
  // still empty.) The pointer is volatile so that the compiler does not drop the pair.
  void* volatile block = std::malloc(free_top + 1);
  std::free(block);
  const auto after = reinterpret_cast<std::uintptr_t>(sbrk(0));
  if (before == static_cast<std::uintptr_t>(-1) || after <= before) return {};
  const PageRange pages =
      pages_of(reinterpret_cast<void*>(before - free_top), reinterpret_cast<void*>(after));
  return populate_write(pages) ? pages : PageRange{};
}

std::vector<PageRange> read_only_segments() {
  std::vector<PageRange> segments;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) -> int {
        auto& found = *static_cast<std::vector<PageRange>*>(data);
        const bool program = found.empty();  // dl_iterate_phdr lists the program first
        const std::size_t first = found.size();
        bool holds_libc = false;  // the C library is the object whose code holds getpid
        const auto getpid_at = reinterpret_cast<std::uintptr_t>(&getpid);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& segment = info->dlpi_phdr[i];
          if (segment.p_type != PT_LOAD || (segment.p_flags & PF_W) != 0) continue;
          const auto* begin = reinterpret_cast<const char*>(info->dlpi_addr + segment.p_vaddr);
          const PageRange pages = pages_of(begin, begin + segment.p_memsz);
          holds_libc = holds_libc || (pages.begin <= getpid_at && getpid_at < pages.end);
          found.push_back(pages);
        }
        if (!program && !holds_libc) found.resize(first);  // another library: left alone
        return 0;
      },
      &segments);
  return segments;
}

void prefault_start() {
  populate_heap(kStartHeap);
  populate_write(pages_of(__bss_start, _end));
  for (const PageRange& pages : read_only_segments()) populate_read(pages);
}

}  // namespace core
