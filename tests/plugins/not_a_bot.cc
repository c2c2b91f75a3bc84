// not_a_bot: a plain shared library with one ordinary exported function and no Boost.DLL alias.
// The host must reject it as "not a bot plugin" without crashing.
extern "C" int not_a_bot_answer() {
  return 42;
}
