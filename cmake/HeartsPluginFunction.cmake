# The one definition of how a bot plugin is built, shared by the in-tree build
# (cmake/HeartsPlugin.cmake, SDK target hearts_sdk) and the installed SDK package
# (HeartsSDKConfig.cmake, SDK target Hearts::hearts_sdk). Both define hearts_add_plugin() as a
# thin wrapper around this function; bot authors never call it directly.
#
# hearts_plugin_module(TARGET SDK_TARGET sdk SOURCES... [OUTPUT_DIRECTORY dir]
#                      [COMPILE_OPTIONS opts...])
#   A MODULE library named lib<TARGET>.so that links `sdk` (a static library) and Boost's headers.
#   Without OUTPUT_DIRECTORY it lands where CMake puts libraries by default
#   (CMAKE_LIBRARY_OUTPUT_DIRECTORY, else the current binary directory).
include_guard(GLOBAL)

function(hearts_plugin_module target)
  cmake_parse_arguments(ARG "" "SDK_TARGET;OUTPUT_DIRECTORY" "SOURCES;COMPILE_OPTIONS" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hearts_add_plugin(${target}): unexpected arguments "
                        "'${ARG_UNPARSED_ARGUMENTS}' (usage: hearts_add_plugin(name SOURCES "
                        "files... [OUTPUT_DIRECTORY dir]))")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "hearts_add_plugin(${target}): no SOURCES given")
  endif()
  if(NOT TARGET Boost::headers)
    message(FATAL_ERROR "hearts_add_plugin(${target}): Boost::headers is missing "
                        "(find_package(Boost 1.74) first)")
  endif()
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE ${ARG_SDK_TARGET} Boost::headers)
  # -fno-gnu-unique: GNU unique symbols (pulled in by Boost headers) would make dlclose a no-op,
  # so a rebuilt plugin could never be reloaded. Only GCC emits them (and knows the flag).
  # --exclude-libs: the SDK linked in stays private.
  target_compile_options(${target} PRIVATE ${ARG_COMPILE_OPTIONS}
                                           $<$<CXX_COMPILER_ID:GNU>:-fno-gnu-unique>)
  # The version script exports the hearts_* aliases and nothing else (no stray Boost or SDK
  # symbols that could clash with the host's).
  set(map_file ${CMAKE_CURRENT_BINARY_DIR}/hearts_plugin_exports.map)
  if(NOT EXISTS ${map_file})
    file(WRITE ${map_file} "{ global: hearts_*; local: *; };\n")
  endif()
  target_link_options(${target} PRIVATE -Wl,--exclude-libs,ALL -Wl,--version-script=${map_file})
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${map_file})
  # Only the Boost.DLL aliases need to be visible; everything else stays inside the plugin.
  set_target_properties(${target} PROPERTIES
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    PREFIX "lib")
  if(ARG_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  endif()
endfunction()
