# hearts_add_plugin(TARGET SOURCES... [OUTPUT_DIRECTORY dir]): a bot plugin, a MODULE library
# named lib<TARGET>.so that links the SDK statically, so it carries no dependency but libc/libstdc++.
# Bundled plugins land in ${CMAKE_BINARY_DIR}/plugins, where the arena finds them.
# The flags live in HeartsPluginFunction.cmake, shared with the installed SDK (HeartsSDKConfig.cmake).
find_package(Boost 1.74 REQUIRED)
include(${CMAKE_CURRENT_LIST_DIR}/HeartsPluginFunction.cmake)

function(hearts_add_plugin target)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES" ${ARGN})
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/plugins)
  endif()
  hearts_plugin_module(${target} ${ARG_UNPARSED_ARGUMENTS} SDK_TARGET hearts_sdk
                       SOURCES ${ARG_SOURCES} OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY}
                       COMPILE_OPTIONS ${HEARTS_WARNINGS})
endfunction()
