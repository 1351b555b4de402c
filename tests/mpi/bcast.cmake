# Tests of the MPI broadcast component (mpi/bcast/, docs/mpi-component.md), included from
# tests/mpi/CMakeLists.txt: C programs (the header is C; PMPI needs an unmodified C program).
# mpi_bcast_check: every byte on 1..9 ranks, every root, count, datatype, communicator;
# mpi_bcast_pmpi: MPI_Bcast of an unmodified program through LD_PRELOAD=libblockcast_pmpi.so.
if(TARGET blockcast_bcast)
  enable_language(C)
  find_package(MPI REQUIRED COMPONENTS C)
  add_executable(bcast_check ${CMAKE_CURRENT_LIST_DIR}/bcast_check.c)
  target_link_libraries(bcast_check PRIVATE blockcast_bcast MPI::MPI_C)
  add_executable(bcast_pmpi_check ${CMAKE_CURRENT_LIST_DIR}/pmpi_check.c)
  target_link_libraries(bcast_pmpi_check PRIVATE MPI::MPI_C)
  # Not a test: the measurement behind BLOCKCAST_BCAST_WINDOW's default (docs/mpi-component.md).
  add_executable(bcast_window ${CMAKE_CURRENT_LIST_DIR}/bcast_window.c)
  target_link_libraries(bcast_window PRIVATE blockcast_bcast MPI::MPI_C)
  # Linked by the C++ driver: the component is C++, and in a sanitizer build only the C++
  # driver brings the C++ parts of the UBSan runtime that libblockcast_bcast.so refers to.
  set_target_properties(bcast_check bcast_pmpi_check bcast_window PROPERTIES C_STANDARD 99 UNITY_BUILD OFF
                        LINKER_LANGUAGE CXX)
  foreach(target bcast_check bcast_pmpi_check bcast_window)
    blockcast_warnings(${target})
  endforeach()
  add_test(NAME mpi_bcast_check COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/bcast.sh ${MPIEXEC_EXECUTABLE}
           $<TARGET_FILE:bcast_check> ${CMAKE_CURRENT_BINARY_DIR}/bcast_check_work)
  add_test(NAME mpi_bcast_pmpi COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/pmpi.sh ${MPIEXEC_EXECUTABLE}
           $<TARGET_FILE:bcast_pmpi_check> $<TARGET_FILE:blockcast_pmpi> ${CMAKE_CURRENT_BINARY_DIR}/bcast_pmpi_work)
  # About 45 s and 7 s in Release on 2 cores; the sanitizer pass of CI runs them too (slower).
  set_tests_properties(mpi_bcast_check mpi_bcast_pmpi PROPERTIES PROCESSORS 2 TIMEOUT 400)
endif()
