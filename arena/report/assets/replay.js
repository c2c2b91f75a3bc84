// Black Lady Arena report: the card-table replay of one game. Steps through each deal: the hands
// as dealt, the passes (arrows from giver to receiver), then every card of every trick, then the
// deal's points and scores. Links: #game=12&deal=3&trick=5 (1-based; a trick is shown whole),
// with &card=K for the K-th card of that trick, &step=pass or &step=end.
'use strict';
var Replay = (function () {
  var RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  var SUITS = ['♣', '♦', '♥', '♠'];
  var cur = { number: 0, data: null, deal: 0, step: 0, timer: null };
  var el = BLA.el, svg = BLA.svg;

  function cardText(id) {
    var suit = id >> 4, rank = id & 15;
    if (id < 0 || id >= 64) return '?' + id;
    if (rank < 13) return RANKS[rank] + SUITS[suit];
    if (rank === 13) return '0' + SUITS[suit];
    return 'JK' + (rank - 13) + (id === 45 || id === 61 ? '' : SUITS[suit]);
  }
  function held(id) { var r = id & 15; return r === 14 ? 45 : r === 15 ? 61 : id; }
  function cardNode(id, extra) {
    var suit = id >> 4, rank = id & 15;
    var cls = 'card' + (rank >= 13 ? ' joker' : suit === 1 || suit === 2 ? ' red' : '') +
      (extra ? ' ' + extra : '');
    return el('span', { class: cls, 'data-card': String(id), text: cardText(id) });
  }
  function num(v) { return v === undefined || v === null ? 0 : Number(v); }

  // Protobuf's JSON leaves out fields at their defaults: give the lists the viewer reads.
  function withDefaults(record) {
    function lists(object, names) {
      names.forEach(function (name) { if (!object[name]) object[name] = []; });
    }
    lists(record, ['seat_bots', 'deals', 'violations', 'final_scores', 'ranks', 'forfeited']);
    record.deals.forEach(function (deal) {
      lists(deal, ['hands', 'passes', 'plays', 'trick_winners', 'points_taken', 'deal_scores',
                   'scores_after']);
      deal.plays.forEach(function (play) {
        lists(play, ['drawn']);
        play.seat = num(play.seat);
        play.card = num(play.card);  // the two of clubs is card 0, left out like any 0
      });
      deal.passes.forEach(function (pass) { pass.seat = num(pass.seat); lists(pass, ['cards']); });
    });
    record.violations.forEach(function (v) {
      if (v.kind === undefined) v.kind = 'UNKNOWN';
      if (v.detail === undefined) v.detail = '';
      if (v.bot === undefined) v.bot = '';
    });
    return record;
  }

  // The steps of deal d: dealt, pass (if cards moved), one per card played, end.
  function steps(d) {
    var deal = cur.data.record.deals[d], view = cur.data.view.deals[d], out = [{ kind: 'dealt' }];
    if (view.moves.length) out.push({ kind: 'pass' });
    for (var p = 0; p < deal.plays.length; ++p) out.push({ kind: 'play', play: p });
    out.push({ kind: 'end' });
    return out;
  }
  function trickOf(view, p) {
    for (var t = 0; t < view.tricks.length; ++t) {
      if (p < view.tricks[t][0] + view.tricks[t][1]) return t;
    }
    return view.tricks.length - 1;
  }

  // Each seat's hand after the step: the cards dealt (or after the passes), less those played.
  function handsAt(d, step) {
    var deal = cur.data.record.deals[d], view = cur.data.view.deals[d];
    var passed = step.kind !== 'dealt' && view.moves.length > 0;
    var hands = (passed || !view.moves.length ? view.after_pass : view.dealt)
      .map(function (h) { return h.slice(); });
    if (step.kind === 'dealt') hands = view.dealt.map(function (h) { return h.slice(); });
    var upto = step.kind === 'play' ? step.play + 1 : step.kind === 'end' ? deal.plays.length : 0;
    for (var p = 0; p < upto; ++p) {
      var play = deal.plays[p], seat = num(play.seat), hand = hands[seat];
      (play.drawn || []).forEach(function (c) { hand.push(c); });
      var at = hand.indexOf(held(play.card));
      if (at >= 0) hand.splice(at, 1);
    }
    return hands.map(function (h) { return h.sort(function (a, b) { return a - b; }); });
  }

  // Where seat s sits, in % of the table; `radius` 0..1 of the way out. Seat 0 at the bottom,
  // then clockwise. A narrow (phone) table is tall: the side seats stay inside its edges.
  function seatPlace(s, n, radius) {
    var angle = Math.PI / 2 + 2 * Math.PI * s / n;
    var narrow = document.getElementById('table').clientWidth < 640;
    var rx = narrow ? 32 : 36, ry = narrow ? 40 : 33;
    if (radius < 0.5) { rx = narrow ? 10 : 15; ry = narrow ? 14 : 14; radius = 1; }  // a trick
    return [50 + radius * rx * Math.cos(angle), 50 + radius * ry * Math.sin(angle)];
  }

  function render() {
    var rec = cur.data.record, view = cur.data.view, n = view.players;
    var deal = rec.deals[cur.deal], dview = view.deals[cur.deal];
    var list = steps(cur.deal), step = list[cur.step];
    var hands = handsAt(cur.deal, step);
    var table = document.getElementById('table');
    table.textContent = '';
    table.setAttribute('data-deal', String(cur.deal + 1));
    table.setAttribute('data-step', step.kind + (step.kind === 'play' ? ':' + step.play : ''));
    var trick = step.kind === 'play' ? trickOf(dview, step.play) : -1;
    var tr = trick >= 0 ? dview.tricks[trick] : null;
    var trickDone = tr && step.play === tr[0] + tr[1] - 1;
    // Points taken in the tricks finished so far.
    var points = []; for (var s = 0; s < n; ++s) points.push(0);
    var doneTricks = step.kind === 'end' ? dview.tricks.length : trick >= 0 ? trick + (trickDone ? 1 : 0) : 0;
    for (var t = 0; t < doneTricks; ++t) if (dview.tricks[t][2] >= 0) points[dview.tricks[t][2]] += dview.tricks[t][3];
    var before = cur.deal > 0 ? rec.deals[cur.deal - 1].scores_after : null;
    var violations = rec.violations.filter(function (v) {
      return num(v.deal) === cur.deal && (step.kind === 'play' ? num(v.trick) === trick :
        step.kind === 'pass' ? num(v.trick) < 0 : false);
    });
    var next = step.kind === 'play' && !trickDone ? num(deal.plays[step.play + 1] ? deal.plays[step.play + 1].seat : -1) : -1;
    var arrows = svg('svg', { class: 'arrows', viewBox: '0 0 100 100', preserveAspectRatio: 'none' });
    table.appendChild(arrows);
    for (s = 0; s < n; ++s) {
      var place = seatPlace(s, n, 1);
      var box = el('div', { class: 'seat', 'data-seat': String(s) });
      box.style.left = place[0] + '%';
      box.style.top = place[1] + '%';
      if (s === next) box.classList.add('turn');
      if (trickDone && tr[2] === s) box.classList.add('took');
      var bot = BLA.botName(num(rec.seat_bots[s]));
      var flags = violations.filter(function (v) { return num(v.seat) === s; }).map(function (v) {
        return el('span', { class: 'flag', title: v.detail, text: '⚠ ' + v.kind });
      });
      box.appendChild(el('div', { class: 'who' }, [el('span', { text: s + ' · ' + bot })].concat(flags)
        .concat([el('span', { class: 'note', text: (before ? 'score ' + before[s] + ' · ' : '') +
          'pts ' + points[s] })])));
      var hand = el('div', { class: 'hand' });
      var passedHere = step.kind === 'pass' ? dview.moves.filter(function (m) { return m[0] === s; })
        .map(function (m) { return m[2]; }) : [];
      var receivedHere = step.kind === 'pass' ? dview.moves.filter(function (m) { return m[1] === s; })
        .map(function (m) { return m[2]; }) : [];
      hands[s].forEach(function (c) {
        hand.appendChild(cardNode(c, receivedHere.indexOf(c) >= 0 ? 'received' : ''));
      });
      if (step.kind === 'pass' && passedHere.length) {
        var gave = el('div', { class: 'note passes' }, ['passed ']);
        passedHere.forEach(function (c) { gave.appendChild(cardNode(c, 'passed')); });
        box.appendChild(gave);
      }
      box.appendChild(hand);
      table.appendChild(box);
    }
    if (step.kind === 'pass') drawArrows(arrows, dview, n);
    if (tr) {
      for (var p = tr[0]; p <= step.play; ++p) {
        var play = deal.plays[p], ps = num(play.seat), at = seatPlace(ps, n, 0.42);
        var node = el('div', { class: 'trick-card' + (trickDone && tr[2] === ps ? ' win' : ''),
                                'data-seat': String(ps) }, [cardNode(play.card)]);
        node.style.left = at[0] + '%';
        node.style.top = at[1] + '%';
        table.appendChild(node);
      }
    }
    renderText(step, trick, tr, trickDone, deal, dview);
    renderDealInfo(step, deal, dview, points, n);
    renderViolations(violations);
    updateHash(step, trick, tr);
  }

  function drawArrows(box, dview, n) {
    var defs = svg('defs');
    var marker = svg('marker', { id: 'head', viewBox: '0 0 10 10', refX: 9, refY: 5,
                                 markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' });
    marker.appendChild(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#ffd43b' }));
    defs.appendChild(marker);
    box.appendChild(defs);
    var seen = {};
    dview.moves.forEach(function (m) {
      var key = m[0] + '>' + m[1];
      if (seen[key]) return;
      seen[key] = true;
      var a = seatPlace(m[0], n, 0.66), b = m[1] >= 0 ? seatPlace(m[1], n, 0.66) : [50, 50];
      box.appendChild(svg('line', { x1: a[0], y1: a[1], x2: b[0] * 0.9 + a[0] * 0.1,
        y2: b[1] * 0.9 + a[1] * 0.1, stroke: '#ffd43b', 'stroke-width': 0.8,
        'marker-end': 'url(#head)', 'data-from': m[0], 'data-to': m[1] }));
    });
  }

  function renderText(step, trick, tr, trickDone, deal, dview) {
    var text = document.getElementById('step-text'), rec = cur.data.record;
    var prefix = 'Deal ' + (cur.deal + 1) + ' of ' + rec.deals.length + ' · ';
    if (step.kind === 'dealt') text.textContent = prefix + 'hands as dealt (dealer seat ' + num(deal.dealer) + ')';
    if (step.kind === 'pass') text.textContent = prefix + 'pass: ' + dview.pass;
    if (step.kind === 'end') text.textContent = prefix + 'deal over';
    if (step.kind === 'play') {
      var play = deal.plays[step.play];
      var line = prefix + 'trick ' + (trick + 1) + ', card ' + (step.play - tr[0] + 1) + ': seat ' +
        num(play.seat) + ' plays ' + cardText(play.card);
      if (trickDone) line += tr[2] >= 0 ? ' · seat ' + tr[2] + ' takes ' + tr[3] + (Math.abs(tr[3]) === 1 ? ' point' : ' points') :
        tr[2] === -1 ? ' · void trick' : '';
      text.textContent = line;
    }
  }

  function renderDealInfo(step, deal, dview, points, n) {
    var box = document.getElementById('deal-info'), rec = cur.data.record;
    box.textContent = '';
    var table = el('table', { class: 'list scores' });
    var seats = [el('th', { text: 'seat' })];
    for (var s = 0; s < n; ++s) seats.push(el('th', { class: 'num', text: s + ' ' + BLA.botName(num(rec.seat_bots[s])) }));
    table.appendChild(el('tr', {}, seats));
    function row(label, values, cls) {
      var cells = [el('th', { text: label })];
      for (var k = 0; k < n; ++k) cells.push(el('td', { class: 'num', text: values && values[k] !== undefined ? String(values[k]) : '–' }));
      table.appendChild(el('tr', { class: cls || '' }, cells));
    }
    row('points in tricks so far', points, 'so-far');
    if (step.kind === 'end' && deal.deal_scores.length) {
      row('points taken', deal.points_taken, 'taken');
      row('deal scores', deal.deal_scores, 'deal-scores');
      row('scores after deal ' + (cur.deal + 1), deal.scores_after, 'scores-after');
    }
    if (cur.deal === rec.deals.length - 1 && step.kind === 'end') row('ranks', rec.ranks, 'ranks');
    var wrap = el('div', { class: 'scroll' });
    wrap.appendChild(table);
    box.appendChild(wrap);
    var notes = [];
    if (step.kind === 'end' && num(deal.moon_shooter) >= 0) notes.push('seat ' + num(deal.moon_shooter) + ' shot the moon');
    if (dview.kitty.length) notes.push('kitty: ' + dview.kitty.map(cardText).join(' ') + ' (' + dview.kitty_points + ' points, to the first trick)');
    if (notes.length) box.appendChild(el('p', { class: 'muted', text: notes.join(' · ') }));
  }

  function renderViolations(here) {
    var box = document.getElementById('violations'), rec = cur.data.record;
    box.textContent = '';
    here.forEach(function (v) {
      box.appendChild(el('div', { class: 'viol-here' }, ['⚠ seat ' + num(v.seat) + ' (' + v.bot + '): ' +
        v.kind + ': ' + v.detail]));
    });
    if (!rec.violations.length) return;
    var list = el('ul', { class: 'all-violations' });
    rec.violations.forEach(function (v) {
      var link = '#game=' + cur.number + '&deal=' + (num(v.deal) + 1) +
        (num(v.trick) >= 0 ? '&trick=' + (num(v.trick) + 1) : '&step=pass');
      list.appendChild(el('li', {}, [el('a', { href: link, text: 'deal ' + (num(v.deal) + 1) +
        (num(v.trick) >= 0 ? ', trick ' + (num(v.trick) + 1) : '') }),
        ': seat ' + num(v.seat) + ' (' + v.bot + ') ' + v.kind + ' — ' + v.detail]));
    });
    box.appendChild(el('h2', { text: 'Violations in this game' }));
    box.appendChild(list);
  }

  function updateHash(step, trick, tr) {
    var h = '#game=' + cur.number + '&deal=' + (cur.deal + 1);
    if (step.kind === 'pass' || step.kind === 'end') h += '&step=' + step.kind;
    if (step.kind === 'play') {
      h += '&trick=' + (trick + 1);
      if (step.play !== tr[0] + tr[1] - 1) h += '&card=' + (step.play - tr[0] + 1);
    }
    cur.hash = h;
    if (location.hash !== h) history.replaceState(null, '', h);
  }

  // The step a link names: a trick shown whole unless &card= says which card.
  function stepFromParams(p) {
    var list = steps(cur.deal), view = cur.data.view.deals[cur.deal];
    if (p.step === 'end') return list.length - 1;
    if (p.step === 'pass') return list[1].kind === 'pass' ? 1 : 0;
    var t = Number(p.trick || 0) - 1;
    if (t < 0 || !view.tricks.length) return 0;
    t = Math.min(t, view.tricks.length - 1);
    var tr = view.tricks[t], k = p.card ? Math.min(Number(p.card), tr[1]) - 1 : tr[1] - 1;
    for (var i = 0; i < list.length; ++i) if (list[i].kind === 'play' && list[i].play === tr[0] + k) return i;
    return 0;
  }

  function go(deal, step) {
    var deals = cur.data.record.deals.length;
    if (deal < 0 || deal >= deals) return false;
    cur.deal = deal;
    var count = steps(deal).length;
    cur.step = step < 0 ? count + step : Math.min(step, count - 1);
    render();
    return true;
  }
  function next() {
    if (cur.step + 1 < steps(cur.deal).length) return go(cur.deal, cur.step + 1);
    return go(cur.deal + 1, 0);
  }
  function prev() {
    if (cur.step > 0) return go(cur.deal, cur.step - 1);
    return go(cur.deal - 1, -1);
  }
  function stop() {
    if (cur.timer) clearInterval(cur.timer);
    cur.timer = null;
    var button = document.getElementById('play');
    if (button) button.textContent = '▶ play';
  }
  function togglePlay() {
    if (cur.timer) { stop(); return; }
    document.getElementById('play').textContent = '⏸ pause';
    cur.timer = setInterval(function () { if (!next()) stop(); }, 700);
  }

  function show(p) {
    var number = Number(p.game);
    if (cur.data && cur.number === number && location.hash === cur.hash) return;
    BLA.withGame(number, function (data) {
      var title = document.getElementById('replay-title');
      if (!data) {
        title.textContent = 'game ' + number + ' is not in this report';
        document.getElementById('table').textContent = '';
        return;
      }
      if (cur.number !== number) stop();
      cur.number = number;
      cur.data = data;
      var rec = withDefaults(data.record);
      title.textContent = 'game ' + number + ' · seed ' + (rec.seed || 0) + ' · table ' + num(rec.table);
      cur.deal = Math.max(0, Math.min(rec.deals.length - 1, Number(p.deal || 1) - 1));
      if (!rec.deals.length) { document.getElementById('table').textContent = 'no deals recorded'; return; }
      cur.step = stepFromParams(p);
      render();
      document.body.setAttribute('data-replay', String(number));
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.getElementById('next').onclick = function () { stop(); next(); };
    document.getElementById('prev').onclick = function () { stop(); prev(); };
    document.getElementById('play').onclick = togglePlay;
    document.getElementById('next-deal').onclick = function () { stop(); go(cur.deal + 1, 0); };
    document.getElementById('prev-deal').onclick = function () { stop(); go(cur.deal - 1, 0); };
    document.getElementById('next-game').onclick = function () { location.hash = '#game=' + (cur.number + 1); };
    document.getElementById('prev-game').onclick = function () { if (cur.number > 1) location.hash = '#game=' + (cur.number - 1); };
    // Seats are placed for the table's width: a phone turned round gets them placed anew.
    window.addEventListener('resize', function () {
      if (!document.getElementById('replay').hidden && cur.data) render();
    });
    document.addEventListener('keydown', function (e) {
      if (document.getElementById('replay').hidden || !cur.data) return;
      if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
      var handled = true;
      if (e.key === 'ArrowRight') { stop(); next(); }
      else if (e.key === 'ArrowLeft') { stop(); prev(); }
      else if (e.key === 'ArrowDown') { stop(); go(cur.deal + 1, 0); }
      else if (e.key === 'ArrowUp') { stop(); go(cur.deal - 1, 0); }
      else if (e.key === ' ') togglePlay();
      else handled = false;
      if (handled) e.preventDefault();
    });
  });

  return { show: show, stop: stop, next: next, prev: prev, cardText: cardText };
})();
window.Replay = Replay;
