from blacklady_arena import Bot, run


class LowestBot(Bot):
    name = "lowest-py"

    def choose_pass(self, obs):  # the highest cards it may pass
        cards = list(obs.legal)  # ascending
        return cards[len(cards) - obs.pass_plan.count:]

    def choose_play(self, obs):  # the lowest legal card by id
        return obs.legal.lowest()


run(LowestBot())  # --listen HOST:PORT (default 127.0.0.1:50051)
