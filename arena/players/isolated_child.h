// The child side of an isolated plugin: `arena serve --bot PLUGIN --channel-fd N`, started by
// IsolatedSource (isolated.h) with a control socket as fd N.
//
// It sends a kHello frame on the control socket, then receives one socket per arena player over
// it and serves each on a thread of its own: the player's bot instance is created from the
// kCreate frame, every kDecide / kNotify gets a kReply with the same sequence number. When the
// arena closes the control socket (or dies), the child exits.
#pragma once

#include <memory>

#include "players/player.h"

namespace arena {

// Serves until the control socket closes; returns the exit code.
int serve_isolated_child(std::shared_ptr<PlayerSource> source, int control_fd);

}  // namespace arena
