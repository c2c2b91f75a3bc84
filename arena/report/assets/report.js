// Black Lady Arena report: the overview (leaderboard, head to head, TrueSkill, game list, header,
// rules) and the loader of the data scripts. Data comes as scripts calling BLA.index(...),
// BLA.games(...) and BLA.game(n, ...): browsers run <script src> from file:// where they refuse
// fetch(), and one small script per game keeps a 100,000-game report quick to open.
'use strict';
var BLA = (function () {
  var state = { index: null, games: null, filtered: [], page: 0, pageSize: 50, cache: {},
                waiting: {}, timer: null };
  var COLORS = ['#2457c5', '#c0262d', '#1a7f37', '#b35c00', '#7a3fb0', '#0f8b8d', '#a61e4d',
                '#5c7cfa', '#e8590c', '#2b8a3e', '#862e9c', '#495057'];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'html') node.innerHTML = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }
  function svg(tag, attrs) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var key in attrs || {}) node.setAttribute(key, attrs[key]);
    return node;
  }
  function fixed(v, digits) { return v === null || v === undefined ? '–' : Number(v).toFixed(digits); }

  // Loads a data script; `src` gets a query string so a reload sees the newest file.
  function load(src, done) {
    var script = document.createElement('script');
    script.src = src + '?t=' + Date.now();
    script.onload = function () { script.remove(); if (done) done(true); };
    script.onerror = function () { script.remove(); if (done) done(false); };
    document.head.appendChild(script);
  }

  function botName(b) {
    var bots = state.index.header.bots;
    // A bot with its own time limit is labelled with it, as the standings name it.
    return bots[b] ? (bots[b].label || bots[b].name) : '?';
  }

  // ---- leaderboard
  function intervalBar(est, lo, hi, color) {
    var w = 120, h = 14;
    var box = svg('svg', { width: w, height: h, viewBox: '0 0 ' + w + ' ' + h, class: 'bar' });
    box.appendChild(svg('line', { x1: 0, x2: w, y1: h / 2, y2: h / 2, stroke: '#eef0f3' }));
    if (!est || est.mean === null || hi <= lo) return box;
    function x(v) { return 4 + (w - 8) * (v - lo) / (hi - lo); }
    if (est.low !== null && est.high !== null) {
      box.appendChild(svg('line', { x1: x(est.low), x2: x(est.high), y1: h / 2, y2: h / 2,
                                    stroke: color, 'stroke-width': 3, 'stroke-linecap': 'round' }));
    }
    box.appendChild(svg('circle', { cx: x(est.mean), cy: h / 2, r: 4, fill: color }));
    return box;
  }
  function range(rows, key) {
    var lo = Infinity, hi = -Infinity;
    rows.forEach(function (r) {
      [r[key].mean, r[key].low, r[key].high].forEach(function (v) {
        if (v !== null && v !== undefined) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    if (hi === lo) { hi += 1; lo -= 1; }
    return [lo, hi];
  }
  // The bot's colour in the TrueSkill chart (by its place in the header), else by row.
  function colorIndex(name, row) {
    var bots = state.index.header.bots;
    for (var b = 0; b < bots.length; ++b) if ((bots[b].label || bots[b].name) === name) return b;
    return row;
  }
  function standingsTable(rows, entrant) {
    var table = el('table', { class: 'list leaderboard', 'data-entrant': entrant });
    table.appendChild(el('tr', {}, ['#', entrant, 'runs as', 'games', 'points / deal', '',
      'win %', 'rating', '', 'TrueSkill μ ± σ', 'violations', 'fallbacks'].map(function (t, i) {
      return el('th', { text: t, class: i >= 3 && t !== '' && i !== 5 && i !== 8 ? 'num' : '' });
    })));
    var ppd = range(rows, 'points_per_deal'), rating = range(rows, 'rating');
    rows.forEach(function (r, i) {
      var color = COLORS[colorIndex(r[entrant], i) % COLORS.length];
      var kinds = Object.keys(r.violations).filter(function (k) { return k !== 'total'; })
        .map(function (k) { return k + ' ' + r.violations[k]; }).join(', ');
      var tr = el('tr', { 'data-name': r[entrant] });
      [[String(r.place), 'place num'], [r[entrant], 'name'], [r.runs_as || '–', 'runs-as'],
       [String(r.games), 'games num'], [fixed(r.points_per_deal.mean, 2), 'ppd num'], null,
       [fixed(100 * r.win_rate, 1), 'win num'], [fixed(r.rating.mean, 0), 'rating num'], null,
       [fixed(r.trueskill.mu, 2) + ' ± ' + fixed(r.trueskill.sigma, 2), 'trueskill num'],
       [String(r.violations.total), 'violations num' + (r.violations.total ? ' viol' : '')],
       [String(r.fallback_decisions), 'fallbacks num']].forEach(function (c, k) {
        if (c) { tr.appendChild(el('td', { class: c[1], text: c[0] })); return; }
        var est = k === 5 ? r.points_per_deal : r.rating, span = k === 5 ? ppd : rating;
        var td = el('td', { class: k === 5 ? 'ppd-bar' : 'rating-bar' });
        td.appendChild(intervalBar(est, span[0], span[1], color));
        td.title = fixed(est.low, 2) + ' … ' + fixed(est.high, 2) + ' (95% interval)';
        tr.appendChild(td);
      });
      tr.querySelector('.ppd').title = fixed(r.points_per_deal.low, 2) + ' … ' +
        fixed(r.points_per_deal.high, 2);
      tr.querySelector('.violations').title = kinds;
      table.appendChild(tr);
    });
    return table;
  }
  function renderLeaderboard() {
    var results = state.index.results || {}, board = document.getElementById('leaderboard');
    board.textContent = '';
    var standings = results.standings || [];
    if (!standings.length) { board.textContent = 'no games yet'; return; }
    board.appendChild(el('p', { class: 'muted', text: results.games + ' games, ' + results.deals +
      ' deals of ' + results.rules + ', ' + results.players + ' players a table. Points per deal: ' +
      'fewer is better. Bars: 95% bootstrap intervals over duplicate groups.' }));
    var wrap = el('div', { class: 'scroll' });
    wrap.appendChild(standingsTable(standings, 'bot'));
    board.appendChild(wrap);
    var teams = document.getElementById('teams');
    teams.textContent = '';
    if (results.teams) {
      teams.appendChild(el('h2', { text: 'Teams' }));
      var twrap = el('div', { class: 'scroll' });
      twrap.appendChild(standingsTable(results.teams, 'team'));
      teams.appendChild(twrap);
    }
  }

  // ---- head to head
  function renderHeatmap() {
    var results = state.index.results || {}, box = document.getElementById('heatmap');
    box.textContent = '';
    var names = (results.standings || []).map(function (s) { return s.bot; });
    var cell = {}, max = 0;
    (results.head_to_head || []).forEach(function (p) {
      var d = p.points_per_deal_difference;
      if (d.mean === null) return;
      cell[p.a + '\u0000' + p.b] = { mean: d.mean, low: d.low, high: d.high, games: p.games };
      cell[p.b + '\u0000' + p.a] = { mean: -d.mean, low: d.high === null ? null : -d.high,
                                     high: d.low === null ? null : -d.low, games: p.games };
      max = Math.max(max, Math.abs(d.mean));
    });
    if (!names.length) return;
    box.appendChild(el('p', { class: 'muted', text: 'Row minus column: points per deal at the ' +
      'same table. Green: the row bot takes fewer points (better).' }));
    var table = el('table', { class: 'heat' });
    table.appendChild(el('tr', {}, [el('th')].concat(names.map(function (n) {
      return el('th', { text: n });
    }))));
    names.forEach(function (a) {
      var tr = el('tr', {}, [el('th', { class: 'row', text: a })]);
      names.forEach(function (b) {
        var c = cell[a + '\u0000' + b];
        var td = el('td', { text: a === b ? '' : c ? (c.mean > 0 ? '+' : '') + fixed(c.mean, 2) : '–' });
        if (c && a !== b) {
          var t = max ? Math.min(1, Math.abs(c.mean) / max) : 0;
          td.style.background = c.mean < 0 ? 'rgba(26,127,55,' + (0.12 + 0.6 * t) + ')'
                                           : 'rgba(192,38,45,' + (0.12 + 0.6 * t) + ')';
          td.title = a + ' − ' + b + ': ' + fixed(c.mean, 3) + ' [' + fixed(c.low, 3) + ', ' +
            fixed(c.high, 3) + '], ' + c.games + ' games';
        }
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    var wrap = el('div', { class: 'scroll' });
    wrap.appendChild(table);
    box.appendChild(wrap);
  }

  // ---- TrueSkill history
  function renderTrueSkill() {
    var h = state.index.trueskill_history, box = document.getElementById('trueskill');
    box.textContent = '';
    if (!h || h.games.length === 0) { box.textContent = 'no games yet'; return; }
    var W = 640, H = 260, L = 40, R = 10, T = 10, B = 28;
    var games = [0].concat(h.games), bots = state.index.header.bots.length;
    var mu = [], sigma = [];
    for (var b = 0; b < bots; ++b) {
      mu.push([25].concat(h.mu.map(function (p) { return p[b]; })));
      sigma.push([25 / 3].concat(h.sigma.map(function (p) { return p[b]; })));
    }
    var lo = Infinity, hi = -Infinity;
    mu.forEach(function (m, b) {
      m.forEach(function (v, i) { lo = Math.min(lo, v - sigma[b][i]); hi = Math.max(hi, v + sigma[b][i]); });
    });
    var xmax = games[games.length - 1] || 1;
    function x(g) { return L + (W - L - R) * g / xmax; }
    function y(v) { return T + (H - T - B) * (hi - v) / (hi - lo); }
    var chart = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, width: '100%', class: 'chart', role: 'img',
                             'aria-label': 'TrueSkill mu and sigma over the games' });
    for (var k = 0; k <= 4; ++k) {
      var v = lo + (hi - lo) * k / 4;
      chart.appendChild(svg('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: '#eef0f3' }));
      var label = svg('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11,
                                fill: '#667085' });
      label.textContent = v.toFixed(0);
      chart.appendChild(label);
    }
    var xl = svg('text', { x: W - R, y: H - 6, 'text-anchor': 'end', 'font-size': 11, fill: '#667085' });
    xl.textContent = xmax + ' games';
    chart.appendChild(xl);
    var legend = el('div', { class: 'legend' });
    mu.forEach(function (m, b) {
      var color = COLORS[b % COLORS.length], upper = [], lower = [], line = [];
      m.forEach(function (v, i) {
        upper.push(x(games[i]) + ',' + y(v + sigma[b][i]));
        lower.unshift(x(games[i]) + ',' + y(v - sigma[b][i]));
        line.push(x(games[i]) + ',' + y(v));
      });
      chart.appendChild(svg('polygon', { points: upper.concat(lower).join(' '), fill: color,
                                         'fill-opacity': 0.12 }));
      chart.appendChild(svg('polyline', { points: line.join(' '), fill: 'none', stroke: color,
                                          'stroke-width': 2, 'data-bot': botName(b) }));
      var item = el('span', {}, [el('span', { class: 'swatch' }), botName(b) + ' ' +
        fixed(m[m.length - 1], 1) + ' ± ' + fixed(sigma[b][m.length - 1], 1)]);
      item.firstChild.style.background = color;
      legend.appendChild(item);
    });
    box.appendChild(chart);
    box.appendChild(legend);
  }

  // ---- game list
  function gameMatches(i, bot, search) {
    var g = state.games, n = g.players;
    if (search && String(g.number[i]).indexOf(search) !== 0) return false;
    if (bot === '') return true;
    for (var s = 0; s < n; ++s) if (g.seat_bots[i * n + s] === Number(bot)) return true;
    return false;
  }
  function filterGames() {
    var bot = document.getElementById('game-filter').value;
    var search = document.getElementById('game-search').value.trim();
    state.filtered = [];
    for (var i = 0; i < state.games.number.length; ++i) {
      if (gameMatches(i, bot, search)) state.filtered.push(i);
    }
    state.page = Math.min(state.page, Math.max(0, Math.ceil(state.filtered.length / state.pageSize) - 1));
    renderGames();
  }
  function renderGames() {
    var g = state.games, n = g.players, table = document.getElementById('games');
    table.textContent = '';
    table.appendChild(el('tr', {}, ['game', 'seats (final score)', 'deals', 'violations']
      .map(function (t) { return el('th', { text: t }); })));
    var start = state.page * state.pageSize;
    state.filtered.slice(start, start + state.pageSize).forEach(function (i) {
      var seats = el('td');
      for (var s = 0; s < n; ++s) {
        var span = el('span', { class: g.ranks[i * n + s] === 1 ? 'winner' : '',
          text: botName(g.seat_bots[i * n + s]) + ' ' + g.final_scores[i * n + s] });
        seats.appendChild(span);
        if (s + 1 < n) seats.appendChild(document.createTextNode(' · '));
      }
      var link = el('a', { href: '#game=' + g.number[i], text: String(g.number[i]) });
      table.appendChild(el('tr', { 'data-game': g.number[i] }, [el('td', { class: 'num' }, [link]),
        seats, el('td', { class: 'num', text: String(g.deals[i]) }),
        el('td', { class: 'num' + (g.violations[i] ? ' viol' : ''), text: String(g.violations[i]) })]));
    });
    var pages = Math.max(1, Math.ceil(state.filtered.length / state.pageSize));
    document.getElementById('game-count').textContent = state.filtered.length + ' of ' +
      g.number.length + ' games';
    var pager = document.getElementById('pager');
    pager.textContent = '';
    var prev = el('button', { text: '◀ previous' });
    prev.disabled = state.page === 0;
    prev.onclick = function () { state.page--; renderGames(); };
    var next = el('button', { text: 'next ▶' });
    next.disabled = state.page + 1 >= pages;
    next.onclick = function () { state.page++; renderGames(); };
    pager.appendChild(prev);
    pager.appendChild(el('span', { text: 'page ' + (state.page + 1) + ' of ' + pages }));
    pager.appendChild(next);
  }
  function fillFilter() {
    var select = document.getElementById('game-filter'), chosen = select.value;
    while (select.options.length > 1) select.remove(1);
    state.index.header.bots.forEach(function (b, i) {
      select.appendChild(el('option', { value: String(i), text: b.name + ' (' + b.spec + ')' }));
    });
    select.value = chosen;
  }

  // ---- header and rules
  function renderHeader() {
    var h = state.index.header, box = document.getElementById('header-info');
    box.textContent = '';
    var facts = [['arena', h.arena_version], ['command', h.command], ['series seed', h.series_seed],
      ['move limit', h.move_time_limit_ms + ' ms' +
        (h.time_margin_ms !== undefined ? ', time margin ' + h.time_margin_ms + ' ms' : '')],
      ['time bank', h.game_time_bank_ms ? h.game_time_bank_ms + ' ms' : 'none'],
      ['forfeit after', h.forfeit_after ? h.forfeit_after + ' violations' : 'never'],
      ['unavailable bots', h.on_unavailable.toLowerCase() + ', reconnect window ' +
        h.reconnect_window_ms + ' ms'],
      ['games', state.index.games + (h.scheduled_games ? ' of ' + h.scheduled_games + ' scheduled' : '') +
        (h.shard ? ' (shard ' + h.shard + ')' : '')]];
    var table = el('table', { class: 'facts' });
    facts.forEach(function (f) {
      table.appendChild(el('tr', {}, [el('th', { text: f[0] }), el('td', {}, [el('code', { text: String(f[1]) })])]));
    });
    box.appendChild(table);
    var bots = el('table', { class: 'list bots' });
    bots.appendChild(el('tr', {}, ['bot', 'version', 'author', 'spec', 'runs as', 'SHA-256']
      .map(function (t) { return el('th', { text: t }); })));
    h.bots.forEach(function (b) {
      var sha = el('code', { text: b.file_sha256 ? b.file_sha256.slice(0, 16) + '…' : '–',
                             title: b.file_sha256 });
      bots.appendChild(el('tr', {}, [el('td', { text: b.name }), el('td', { text: b.version }),
        el('td', { text: b.author }), el('td', {}, [el('code', { text: b.spec })]),
        el('td', { text: b.runs_as }), el('td', {}, [sha])]));
    });
    var wrap = el('div', { class: 'scroll' });
    wrap.appendChild(bots);
    box.appendChild(wrap);
  }
  function renderRules() {
    var r = state.index.rules, box = document.getElementById('rules');
    box.textContent = '';
    box.appendChild(el('p', { text: 'preset ' + r.preset + ', ' + r.players + ' players' +
      (r.error ? ' (' + r.error + ')' : '') }));
    function table(options) {
      var t = el('table', { class: 'list rules' });
      options.forEach(function (o) {
        t.appendChild(el('tr', { class: o.changed ? 'changed' : '', title: o.help },
          [el('td', {}, [el('code', { text: o.name })]), el('td', { text: o.value }),
           el('td', { class: 'muted', text: o.help })]));
      });
      var wrap = el('div', { class: 'scroll' });
      wrap.appendChild(t);
      return wrap;
    }
    var changed = r.options.filter(function (o) { return o.changed; });
    box.appendChild(el('p', { class: 'muted', text: changed.length ?
      'Options that differ from the preset:' : 'Every option as the preset sets it.' }));
    if (changed.length) box.appendChild(table(changed));
    var all = el('details', {}, [el('summary', { text: 'every option (' + r.options.length + ')' })]);
    all.appendChild(table(r.options));
    box.appendChild(all);
  }

  function renderOverview() {
    if (!state.index) return;
    renderLeaderboard();
    renderHeatmap();
    renderTrueSkill();
    renderHeader();
    renderRules();
    fillFilter();
  }

  // ---- routing and reloading
  function params() {
    var out = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var p = kv.split('=');
      if (p[0]) out[decodeURIComponent(p[0])] = decodeURIComponent(p[1] || '');
    });
    return out;
  }
  function route() {
    var p = params();
    var replay = p.game !== undefined && p.game !== '';
    document.getElementById('overview').hidden = replay;
    document.getElementById('replay').hidden = !replay;
    if (replay && window.Replay) window.Replay.show(p);
    else if (window.Replay) window.Replay.stop();
  }
  function status() {
    var i = state.index;
    document.getElementById('status').textContent = !i ? 'no data' :
      i.games + ' games' + (i.live ? ' · live, refreshing every 5 s' : '') +
      ' · loaded ' + new Date().toLocaleTimeString();
  }
  function reload() {
    load('data/index.js', function (ok) {
      if (!ok) { document.getElementById('status').textContent = 'data/index.js is missing'; return; }
      load('data/games.js', function () {
        if (state.index && state.index.live) state.timer = setTimeout(reload, 5000);
      });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.getElementById('game-filter').onchange = function () { state.page = 0; filterGames(); };
    document.getElementById('game-search').oninput = function () { state.page = 0; filterGames(); };
    document.getElementById('game-search').onkeydown = function (e) {
      var v = this.value.trim();
      if (e.key === 'Enter' && v && state.games && state.games.number.indexOf(Number(v)) >= 0) {
        location.hash = '#game=' + v;
      }
    };
    window.addEventListener('hashchange', route);
    reload();
  });

  return {
    state: state, el: el, svg: svg, load: load, botName: botName, colors: COLORS,
    index: function (data) {
      state.index = data;
      renderOverview();
      status();
      document.body.setAttribute('data-index-loaded', String(data.games));
      route();
    },
    games: function (data) {
      state.games = data;
      if (state.index) filterGames();
      document.body.setAttribute('data-games-loaded', String(data.number.length));
    },
    game: function (number, data) {
      state.cache[number] = data;
      var waiting = state.waiting[number];
      delete state.waiting[number];
      (waiting || []).forEach(function (f) { f(data); });
    },
    // Calls done(data) once game `number`'s script has run (or done(null) if it is missing).
    withGame: function (number, done) {
      if (state.cache[number]) { done(state.cache[number]); return; }
      (state.waiting[number] = state.waiting[number] || []).push(done);
      if (state.waiting[number].length > 1) return;
      var name = String(number);
      while (name.length < 6) name = '0' + name;
      load('games/' + name + '.js', function (ok) {
        if (!ok) { var w = state.waiting[number] || []; delete state.waiting[number];
                   w.forEach(function (f) { f(null); }); }
      });
    }
  };
})();
