// doctest main for the fat-tree tests (Dimakopoulos and Dimopoulos 1995).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
