# HeartsSDKConfig.cmake: the installed Black Lady Arena SDK, for building bot plugins out of tree.
#
#   find_package(HeartsSDK REQUIRED)            # -DCMAKE_PREFIX_PATH=<where the SDK is installed>
#   hearts_add_plugin(mybot SOURCES mybot.cc)   # -> libmybot.so, ready for `arena play --bots`
#
# Provides:
#   Hearts::hearts_sdk   the SDK (headers under hearts/, the static library with the engine)
#   hearts_add_plugin(TARGET SOURCES... [OUTPUT_DIRECTORY dir])
#     A MODULE library lib<TARGET>.so built exactly like the bundled bots: hidden visibility (only
#     the six Boost.DLL aliases are exported), -fno-gnu-unique (so dlclose really unloads it),
#     -Wl,--exclude-libs,ALL (the SDK linked in stays private), linking Hearts::hearts_sdk and
#     Boost's headers, with -Wall -Wextra. Without OUTPUT_DIRECTORY the plugin lands in
#     CMAKE_LIBRARY_OUTPUT_DIRECTORY, else the current binary directory.
#     It honours CMAKE_CXX_FLAGS and CMAKE_MODULE_LINKER_FLAGS like any target (for example to
#     add -fsanitize=address when the arena is built with sanitizers).
include(CMakeFindDependencyMacro)
find_dependency(Boost 1.74)

include(${CMAKE_CURRENT_LIST_DIR}/HeartsSDKTargets.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/HeartsPluginFunction.cmake)

function(hearts_add_plugin target)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES" ${ARGN})
  set(output_directory)
  if(ARG_OUTPUT_DIRECTORY)
    set(output_directory OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  endif()
  hearts_plugin_module(${target} ${ARG_UNPARSED_ARGUMENTS} SDK_TARGET Hearts::hearts_sdk
                       SOURCES ${ARG_SOURCES} ${output_directory}
                       COMPILE_OPTIONS -Wall -Wextra -Wno-missing-field-initializers)
endfunction()
