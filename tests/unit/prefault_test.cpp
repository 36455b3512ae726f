// core::prefault: pages made resident in one call are not faulted in one at a time afterwards.
// Faults are counted with getrusage: touching a page that is already mapped costs none.
#include "core/prefault.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// Reads (or writes) a byte of every page of [begin, end), each inside that range, a page apart
// from `begin`; returns the minor faults that took. Only bytes of the range are written: a
// block's first page may begin before the block, in memory that is not the test's (once, the
// byte written there was the heap's own and the test crashed at its exit). Not checked by
// AddressSanitizer, whose check of each byte would fault in pages of its own shadow memory.
__attribute__((no_sanitize_address)) long faults_touching(std::uintptr_t begin, std::uintptr_t end,
                                                          bool write) {
  const long page = sysconf(_SC_PAGESIZE);
  const long before = minor_faults();
  for (std::uintptr_t at = begin; at < end; at += page) {
    auto* byte = reinterpret_cast<volatile char*>(at);
    if (write) {
      *byte = 1;
    } else {
      (void)*byte;
    }
  }
  return minor_faults() - before;
}

long faults_touching(core::PageRange pages, bool write) {
  return faults_touching(pages.begin, pages.end, write);
}

core::PageRange range_of(void* start, std::size_t bytes) {
  return core::pages_of(start, static_cast<char*>(start) + bytes);
}

constexpr std::size_t kPages = 32;

TEST(Prefault, PagesOfHoldEveryByteGiven) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  auto* base = reinterpret_cast<char*>(page * 1000);
  EXPECT_EQ(core::pages_of(base, base + page).begin, page * 1000);
  EXPECT_EQ(core::pages_of(base, base + page).end, page * 1001);
  const core::PageRange inside = core::pages_of(base + 10, base + 2 * page + 1);
  EXPECT_EQ(inside.begin, page * 1000);
  EXPECT_EQ(inside.end, page * 1003);  // the byte at 2 * page is on the third page
  EXPECT_TRUE(core::pages_of(base + 10, base + 10).empty());
  EXPECT_TRUE(core::pages_of(base + 10, base + 5).empty());
  EXPECT_EQ(core::pages_of(base + 10, base + 11).size(), page);
}

TEST(Prefault, WrittenPagesAreNotFaultedAgain) {
  const std::size_t bytes = kPages * sysconf(_SC_PAGESIZE);
  void* memory =
      mmap(nullptr, 2 * bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  const core::PageRange first = range_of(memory, bytes);
  const core::PageRange second = range_of(static_cast<char*>(memory) + bytes, bytes);
  if (!core::populate_write(first)) GTEST_SKIP() << "this kernel has no MADV_POPULATE_WRITE";
  EXPECT_EQ(faults_touching(first, true), 0);
  EXPECT_GE(faults_touching(second, true), static_cast<long>(kPages) / 2);  // not populated
  munmap(memory, 2 * bytes);
}

TEST(Prefault, ReadPagesOfAFileAreNotFaultedAgain) {
  const std::size_t bytes = kPages * sysconf(_SC_PAGESIZE);
  const auto path =
      std::filesystem::temp_directory_path() / ("caravan-prefault-" + std::to_string(getpid()));
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, static_cast<off_t>(2 * bytes)), 0);
  void* memory = mmap(nullptr, 2 * bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  std::filesystem::remove(path);
  ASSERT_NE(memory, MAP_FAILED);
  const core::PageRange first = range_of(memory, bytes);
  const core::PageRange second = range_of(static_cast<char*>(memory) + bytes, bytes);
  if (!core::populate_read(first)) GTEST_SKIP() << "this kernel has no MADV_POPULATE_READ";
  EXPECT_EQ(faults_touching(first, false), 0);
  EXPECT_GE(faults_touching(second, false), 1);  // faulted in, a few pages at a time
  munmap(memory, 2 * bytes);
}

// The segments found hold the program's code and constant data and the C library's code, not
// data the program writes nor libm's code; once populated, reading every page of them takes no
// fault.
TEST(Prefault, TheReadOnlySegmentsOfTheProgramAndTheCLibraryAreFoundAndMadeResident) {
  const std::vector<core::PageRange> segments = core::read_only_segments();
  ASSERT_GE(segments.size(), 4U);  // the program's code and constants, the C library's
  auto holds = [&](const void* address) {
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    return std::any_of(segments.begin(), segments.end(), [at](const core::PageRange& pages) {
      return pages.begin <= at && at < pages.end;
    });
  };
  static const char kConstant[] = "a constant of the program";
  EXPECT_TRUE(holds(reinterpret_cast<const void*>(&minor_faults)));
  EXPECT_TRUE(holds(kConstant));
  EXPECT_TRUE(holds(reinterpret_cast<const void*>(&getrusage)));
  double (*libm_function)(double) = &::cbrt;  // libm's pages are left alone
  EXPECT_FALSE(holds(reinterpret_cast<const void*>(libm_function)));
  static char written[] = "data the program writes";
  EXPECT_FALSE(holds(written));
  for (const core::PageRange& pages : segments)
    if (!core::populate_read(pages)) GTEST_SKIP() << "this kernel has no MADV_POPULATE_READ";
  long faults = 0;
  for (const core::PageRange& pages : segments) faults += faults_touching(pages, false);
  EXPECT_EQ(faults, 0);
}

TEST(Prefault, TheHeapGrowsByWhatIsAskedAndIsResident) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's allocator does not use the heap's break";
#endif
  const std::size_t bytes = kPages * sysconf(_SC_PAGESIZE);
  const core::PageRange heap = core::populate_heap(bytes);
  if (heap.empty()) GTEST_SKIP() << "the heap did not grow or was not populated";
  EXPECT_GE(heap.size(), bytes);
  EXPECT_EQ(faults_touching(heap, false), 0);
  // Blocks taken from the new part are resident already.
  void* block = std::malloc(bytes / 2);
  const auto start = reinterpret_cast<std::uintptr_t>(block);
  EXPECT_EQ(faults_touching(start, start + bytes / 2, true), 0);
  std::free(block);
}

}  // namespace
