# Finds Z3 (Debian's libz3-dev 4.8.x ships no CMake config).
# Defines the imported target Z3::z3.
find_path(Z3_INCLUDE_DIR NAMES z3++.h z3.h)
find_library(Z3_LIBRARY NAMES z3)
if(Z3_INCLUDE_DIR AND EXISTS "${Z3_INCLUDE_DIR}/z3_version.h")
  file(STRINGS "${Z3_INCLUDE_DIR}/z3_version.h" _z3_ver REGEX "#define Z3_(MAJOR|MINOR|BUILD)_(VERSION|NUMBER)")
  string(REGEX REPLACE ".*Z3_MAJOR_VERSION +([0-9]+).*" "\\1" Z3_VERSION_MAJOR "${_z3_ver}")
  string(REGEX REPLACE ".*Z3_MINOR_VERSION +([0-9]+).*" "\\1" Z3_VERSION_MINOR "${_z3_ver}")
  string(REGEX REPLACE ".*Z3_BUILD_NUMBER +([0-9]+).*" "\\1" Z3_VERSION_PATCH "${_z3_ver}")
  set(Z3_VERSION "${Z3_VERSION_MAJOR}.${Z3_VERSION_MINOR}.${Z3_VERSION_PATCH}")
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Z3 REQUIRED_VARS Z3_LIBRARY Z3_INCLUDE_DIR VERSION_VAR Z3_VERSION)
if(Z3_FOUND AND NOT TARGET Z3::z3)
  add_library(Z3::z3 UNKNOWN IMPORTED)
  set_target_properties(Z3::z3 PROPERTIES IMPORTED_LOCATION "${Z3_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Z3_INCLUDE_DIR}")
endif()
mark_as_advanced(Z3_INCLUDE_DIR Z3_LIBRARY)
