import Foundation

/// The built-in actions: four swipes and a wave, found by rules over one hand's action queue.
///
/// Input: the queue (palm centre and turn in the user's view, hand size, openness, capture
/// times). Output: the index of an action in `labels` and a confidence, or nil.
///
/// A swipe is a fast, nearly straight, mostly one-way move of the palm centre of a hand near the
/// camera (`swipeMinHandSize`) of at least
/// `swipeMinDistance` hand sizes (and `swipeMinTravel` of the picture's height) within
/// `swipeMaxDuration` seconds, begun with at least one finger
/// out (an open hand, two fingers, a pointing finger; during the move the hand may blur past
/// recognition), that has ended (the hand stopped or
/// turned back, or was lost in the picture). It begins from a hand already in view, not moving
/// that way yet: a hand that comes into the picture moving that way (raised into view) makes no
/// swipe, nor does one last seen moving out over the picture's edge (lowered out of view); a hand
/// raised into view and at once swept sideways does. It is searched
/// for anywhere in the queue, so a 45-sample window that is mostly stillness still finds a 0.7 s
/// swipe. A wave is at least
/// `waveReversals` direction reversals in a row of the palm moving sideways (each stroke at least
/// `waveMinStroke` hand sizes) or of the hand turning in the picture (at least `waveMinTurn`), each
/// stroke at most `waveMaxStrokeDuration` seconds long, with the hand open, upright and in view.
/// Distances are in hand sizes and durations in seconds, so a slowly rising hand (about 1.2 hand
/// sizes in a second on the real clip) or a fist carried across the frame is no swipe.
public struct BuiltInActionDetector: Sendable {
  public struct Options: Sendable, Equatable {
    /// Net displacement of a swipe along its axis, in hand sizes (the real swipe clips move 4-6.5);
    /// `swipe_min_distance` in a rule file.
    public var swipeMinDistance = 2.0
    /// Net displacement of a swipe in the picture, as a fraction of the picture's height: a swipe
    /// is made to the camera and crosses a good part of its view (the real swipes cross 0.4-0.9),
    /// while a hand far from the camera (a bystander, a presenter on a stage) lowered by two of its
    /// small hand sizes crosses 0.06.
    public var swipeMinTravel = 0.15
    /// Smallest hand that swipes, its size (the queue's median) as a fraction of the picture's
    /// height: a swipe is made by someone within about 1.5 m of the camera. A hand about 10 cm
    /// long measures 0.07 of the picture 1.5 m from a webcam seeing 45-50 degrees from top to
    /// bottom, more nearer (the real swipe clips: 0.08-0.40); people 2-3 m away on a sofa or
    /// standing in a room, who raise a phone or a mug, put things down and reach, measure
    /// 0.03-0.07, and their hands cross two of their sizes all the time.
    public var swipeMinHandSize = 0.07
    /// Longest time the swipe's displacement may take, seconds (the real swipes take 0.6-0.9 s).
    public var swipeMaxDuration = 1.0
    /// Largest off-axis displacement, as a fraction of the on-axis one (about 30 degrees).
    public var swipeMaxSlant = 0.6
    /// Largest path walked along the axis, as a multiple of the net displacement (mostly one way).
    public var swipeMaxPathRatio = 1.25
    /// Largest path walked across the axis, to and fro, as a multiple of the net displacement
    /// along it: the real swipes walk 0.02-0.34; a hand lifting a teddy, whose trajectory swung
    /// 2 hand sizes off to the side and back on its way up, walked 1.7.
    public var swipeMaxSway = 1.0
    /// A swipe has ended when for `swipeEndTime` seconds the palm has gone no further than this
    /// many hand sizes past the swipe's end, nor this far off to the side (or the hand was lost).
    public var swipeMaxOvershoot = 0.5
    public var swipeEndTime = 0.1
    /// A swipe ends with a finger out, where it stops or within this many seconds after: the
    /// real swipes show one there (0.66-0.99), while hands reaching across a kitchen counter for a
    /// knife or a bowl closed on it as they arrived (0.01-0.31). A hand lost on its way was not
    /// seen arriving: no finger is asked of it.
    public var swipeArrivalTime = 0.25
    /// Fraction of the samples of a wave that must show an open hand (openness >= 0.5): 0.83-1 on
    /// real waves; a hand strumming a ukulele turns to and fro open on 0.5-0.64 of them. Swipes
    /// take any hand shape.
    public var minOpenFraction = 0.7
    /// A waving hand stands up: the middle of its turn over the wave, and the hand itself on at
    /// least half the wave's samples, lie at most this far from straight up, radians (60 degrees).
    /// On real waves the middle of the turn lies 2-23 degrees from up and half the samples within
    /// 21-47; hands that rub sunscreen into an arm or strum a ukulele, swinging to and fro, hang at
    /// 140-150; fingers fiddling in a lap flipped from lying one way to lying the other through
    /// up (middle 3 degrees), lying 69 or more degrees over on half the samples.
    public var waveMaxLean = 60 * Double.pi / 180
    /// Before a swipe the hand was in view and not yet moving along its axis: over the last
    /// `swipeLeadInTime` seconds before the swipe's first sample (or since the hand was first
    /// seen) the palm walked along the swipe's axis, either way, at most this fraction of the
    /// swipe's mean speed. A hand lost at the end of a swipe was still moving when its last step
    /// was faster than this fraction; a hand that came back faster than this after a swipe may be
    /// waving.
    public var swipeMaxLeadInSpeed = 0.5
    public var swipeLeadInTime = 0.2
    /// A hand lost while still moving, with its palm centre within this many hand sizes of the
    /// picture's edge it moved toward, or within what it covers at its last speed in
    /// `swipeEdgeTime` seconds (about two frames at 12-15 fps), left the picture: no swipe. A hand
    /// first seen within `swipeEdgeMargin` of an edge, that came from there (moving away from it
    /// more than across) and moves on away from it less than `swipeSettleTime` seconds later, is
    /// being brought into view: no swipe either (a hand raised beside the edge and then swept
    /// away from it at once swipes).
    public var swipeEdgeMargin = 1.0
    public var swipeEdgeTime = 0.15
    public var swipeSettleTime = 0.5
    /// A swipe begins with the palm centre at least this many hand sizes inside the picture, and a
    /// wave has it there on at least half its samples: a hand cut by the picture's edge is not in
    /// view (a shrug with the hands at the bottom edge is no swipe; a hand talking in the corner of
    /// a vlog, its palm centre 0.1-0.5 hand sizes inside, turning to and fro, is no wave).
    public var swipeMinInside = 0.5
    /// Direction reversals in a row (of the palm moving sideways, or of the hand turning) that make
    /// a wave.
    public var waveReversals = 3
    /// Shortest wave stroke (peak to peak), hand sizes.
    public var waveMinStroke = 0.6
    /// Longest wave stroke, seconds.
    public var waveMaxStrokeDuration = 1.0
    /// A reversal counts once the palm has come back this many hand sizes from its extreme.
    public var waveHysteresis = 0.3
    /// A wave may also be a turn of the hand to and fro (from the wrist, or about the palm: the
    /// palm stays nearly in place): each stroke turns the hand at least `waveMinTurn` radians (40
    /// degrees; real waves turn it 50 or more a stroke, a hand held up to the camera while its
    /// fingers open and close wobbles by up to 26), a reversal counts once it has turned back
    /// `waveTurnHysteresis` (20 degrees), and the palm rises or falls at most `waveTurnMaxRise`
    /// hand sizes meanwhile (the man waving hello on a real clip lowered his hand by 0.9 as he
    /// waved).
    public var waveMinTurn = 40 * Double.pi / 180
    public var waveTurnHysteresis = 20 * Double.pi / 180
    public var waveTurnMaxRise = 1.5
    /// After an action fired, the next one needs the hand at rest first: its palm staying within
    /// `restDistance` hand sizes for `restDuration` seconds (or the hand lost). So a swipe's tail
    /// or a wave that goes on does not fire again.
    public var restDuration = 0.3, restDistance = 0.25

    public init() {}
  }

  /// The action labels, in the order `detect` reports them.
  public static let labels = GestureName.builtInActions

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// An action found: its index in `labels`, its confidence, and the sample where it began (a
  /// swipe's departure, a wave's first full stroke).
  typealias Found = (action: Int, confidence: Double, start: Int)

  /// Looks for an action in the queue. `handLost` says the hand is gone, so a move still under
  /// way at the end of the queue counts as ended, unless it went out over the edge of the picture
  /// (`aspectRatio` wide and 1 high, in the queue's units).
  func detect(_ queue: inout ActionQueue, handLost: Bool, aspectRatio: Double) -> Found? {
    guard queue.count >= 3 else { return nil }
    let size = queue.medianSize()
    guard size > 0 else { return nil }
    if let wave = wave(queue, size: size, aspectRatio: aspectRatio) { return wave }
    return swipe(queue, size: size, handLost: handLost, aspectRatio: aspectRatio)
  }

  /// Whether the newest samples, spanning at least `restDuration` seconds, stay within
  /// `restDistance` hand sizes (the hand rests): the index of the first of them, or nil.
  func restStart(_ queue: inout ActionQueue) -> Int? {
    guard let newest = newestRest(queue) else { return nil }
    let size = queue.medianSize(from: newest.first)
    return size > 0 && newest.spread / size <= options.restDistance ? newest.first : nil
  }

  /// The newest samples spanning `restDuration` seconds: the first of them, and how far apart
  /// their palm centres lie along either axis (queue units). Nil when the queue spans less.
  private func newestRest(_ queue: ActionQueue) -> (first: Int, spread: Double)? {
    let n = queue.count
    guard n >= 2, queue.time(n - 1) - queue.time(0) >= options.restDuration else { return nil }
    var first = n - 1
    while first > 0 && queue.time(n - 1) - queue.time(first - 1) <= options.restDuration { first -= 1 }
    if first > 0 { first -= 1 }  // include the sample just before, so the span covers restDuration
    var low = queue.palm(first), high = low
    for index in first..<n {
      low = pointwiseMin(low, queue.palm(index))
      high = pointwiseMax(high, queue.palm(index))
    }
    return (first, (high - low).max())
  }

  /// A swipe's longest straight move: where it starts and ends (sample indices), its axis (0: x,
  /// 1: y), direction and distance in hand sizes.
  private typealias Move = (distance: Double, start: Int, end: Int, axis: Int, sign: Double)

  private func swipe(_ queue: ActionQueue, size: Double, handLost: Bool, aspectRatio: Double) -> Found? {
    guard size >= options.swipeMinHandSize, var move = longestMove(queue, size: size) else { return nil }
    if move.end == queue.count - 1 && !handLost { return nil }  // still moving, or not yet seen to stop
    guard let (start, speed) = departure(of: move, queue, size: size, aspectRatio: aspectRatio) else { return nil }
    move.start = start
    guard isStraight(move, queue, size: size),
          hasEnded(move, queue, size: size, speed: speed, handLost: handLost, aspectRatio: aspectRatio),
          arrivesOpen(move, queue, handLost: handLost) else { return nil }
    // Labels: swipe_left, swipe_right, swipe_up, swipe_down (user's view, y down).
    let action = move.axis == 0 ? (move.sign > 0 ? 1 : 0) : (move.sign > 0 ? 3 : 2)
    let confidence = Swift.min(1, 0.5 + 0.5 * (move.distance - options.swipeMinDistance) / options.swipeMinDistance)
    return (action, confidence, move.start)
  }

  /// The longest fast, nearly straight, mostly one-way move in the queue, if one is long enough.
  private func longestMove(_ queue: ActionQueue, size: Double) -> Move? {
    let o = options
    let n = queue.count
    var best: Move? = nil
    for first in 0..<(n - 1) {
      let origin = queue.palm(first)
      var previous = origin
      var path = SIMD2<Double>.zero
      for last in (first + 1)..<n {
        if queue.time(last) - queue.time(first) > o.swipeMaxDuration { break }
        let point = queue.palm(last)
        path += SIMD2(abs(point.x - previous.x), abs(point.y - previous.y))
        previous = point
        let move = (point - origin) / size
        let axis = abs(move.y) > abs(move.x) ? 1 : 0
        let along = abs(move[axis]), across = abs(move[1 - axis])
        guard isLongAndStraight(along: along, across: across, size: size),
              path[axis] / size <= o.swipeMaxPathRatio * along else { continue }
        // Of two moves as long (a swipe and the hand brought back), the first.
        if along > (best?.distance ?? 0) + 1e-6 { best = (along, first, last, axis, move[axis] > 0 ? 1 : -1) }
      }
    }
    return best
  }

  /// Whether a move of `along` hand sizes on its axis and `across` off it is long enough for a
  /// swipe (`swipeMinDistance` hand sizes and `swipeMinTravel` of the picture) and straight
  /// enough (`swipeMaxSlant`).
  private func isLongAndStraight(along: Double, across: Double, size: Double) -> Bool {
    let o = options
    return along >= o.swipeMinDistance && along * size >= o.swipeMinTravel && across <= o.swipeMaxSlant * along
  }

  /// Whether a palm centre lies at least `swipeMinInside` hand sizes inside the picture
  /// (`aspectRatio` wide and 1 high): a hand cut by the picture's edge is not in view.
  private func isInView(_ palm: SIMD2<Double>, size: Double, aspectRatio: Double) -> Bool {
    Swift.min(palm.x, aspectRatio - palm.x, palm.y, 1 - palm.y) / size >= options.swipeMinInside
  }

  /// Whether the palm kept to the swipe's line on its way: the path it walked across the axis,
  /// to and fro, is at most `swipeMaxSway` of the displacement along it. (A move's net slant is
  /// checked when it is found; a hand that went off to the side and came back has none.)
  private func isStraight(_ move: Move, _ queue: ActionQueue, size: Double) -> Bool {
    path(queue, from: move.start, to: move.end, along: 1 - move.axis) / size <= options.swipeMaxSway * move.distance
  }

  /// Where the swipe begins, when it begins from a hand already in view: the last sample from
  /// which it still covers its distance (less the palm's jitter at rest), not the queue's first;
  /// the palm inside the picture; the hand not just brought into view at an edge it moves away
  /// from (raised to show a pose or to wave); a finger out (a fist or a thumbs up carried
  /// somewhere is no swipe); and over the `swipeLeadInTime` before, the hand not yet moving along
  /// that axis, to or fro (it came into the picture moving; it is turning at the end of a wave's
  /// stroke). Returns that sample and the swipe's mean speed from it, hand sizes per second.
  private func departure(of move: Move, _ queue: ActionQueue, size: Double, aspectRatio: Double) -> (start: Int, speed: Double)? {
    let o = options
    var start = move.start
    while start + 1 < move.end,
          (queue.palm(move.end)[move.axis] - queue.palm(start + 1)[move.axis]) * move.sign / size >= move.distance - o.restDistance {
      start += 1
    }
    var distance = move.distance
    if start == 0 && move.end > 1 {
      // The hand's first sample: it came into view on its way (raised into the picture, then
      // swiped sideways at once); the swipe may begin on the next sample, if it still is one.
      let fromSecond = (queue.palm(move.end) - queue.palm(1)) / size
      let along = fromSecond[move.axis] * move.sign, across = abs(fromSecond[1 - move.axis])
      if isLongAndStraight(along: along, across: across, size: size) { (start, distance) = (1, along) }
    }
    guard start > 0 else { return nil }
    // A hand whose palm is half out of the picture (at its bottom edge, say) is not in view.
    guard isInView(queue.palm(start), size: size, aspectRatio: aspectRatio) else { return nil }
    // A hand first seen near the edge the swipe moves away from, that came from there (moving
    // that way more than across), is being brought into view.
    let edgeLeft = move.sign > 0 ? 0 : (move.axis == 0 ? aspectRatio : 1)
    let arrival = queue.palm(start) - queue.palm(0)
    if queue.time(start) - queue.time(0) < o.swipeSettleTime, abs(queue.palm(0)[move.axis] - edgeLeft) / size < o.swipeEdgeMargin,
       arrival[move.axis] * move.sign >= abs(arrival[1 - move.axis]) {
      return nil
    }
    guard queue.fingerOut(start) >= 0.5 || queue.fingerOut(start - 1) >= 0.5 else { return nil }
    var before = start - 1
    while before > 0 && queue.time(start) - queue.time(before) < o.swipeLeadInTime { before -= 1 }
    let swipeSpeed = meanSpeed(distance, from: start, to: move.end, queue)
    guard pathSpeed(queue, from: before, to: start, along: move.axis, size: size) <= o.swipeMaxLeadInSpeed * swipeSpeed else {
      return nil
    }
    return (start, swipeSpeed)
  }

  /// Whether the swipe has ended inside the picture: the hand was lost (but not while still
  /// moving fast toward the edge it was about to cross: it left the picture), or for
  /// `swipeEndTime` it went no further that way nor off to the side (a hand raised to wave starts
  /// its first stroke sideways). A hand that turned straight back, about as fast, may be waving,
  /// and a hand raised may be raised to wave or to swing the arm: then the swipe has ended only
  /// once the hand rests, so a wave is found first and a raise that goes on is no swipe.
  private func hasEnded(_ move: Move, _ queue: ActionQueue, size: Double, speed swipeSpeed: Double, handLost: Bool,
                        aspectRatio: Double) -> Bool {
    let o = options
    let n = queue.count
    let lastSpeed = speed(queue, from: move.end - 1, to: move.end, along: move.axis, sign: move.sign, size: size)
    if move.end == n - 1 && lastSpeed > o.swipeMaxLeadInSpeed * swipeSpeed {
      let edgeAhead = move.sign > 0 ? (move.axis == 0 ? aspectRatio : 1) : 0
      let margin = Swift.max(o.swipeEdgeMargin, lastSpeed * o.swipeEdgeTime)
      if abs(edgeAhead - queue.palm(move.end)[move.axis]) / size < margin { return false }
    }
    if !handLost && queue.time(n - 1) - queue.time(move.end) < o.swipeEndTime { return false }
    let endPoint = queue.palm(move.end)
    for later in (move.end + 1)..<Swift.max(n, move.end + 1) {
      let drift = (queue.palm(later) - endPoint) / size
      if drift[move.axis] * move.sign > o.swipeMaxOvershoot || abs(drift[1 - move.axis]) > o.swipeMaxOvershoot { return false }
    }
    let raised = move.axis == 1 && move.sign < 0
    if !handLost && (raised || turnedBack(move, queue, size: size, speed: swipeSpeed)) {
      guard let rest = newestRest(queue), rest.spread / size <= o.restDistance else { return false }
    }
    return true
  }

  /// Whether the hand had a finger out where the swipe ended or within `swipeArrivalTime` after:
  /// a swipe begun with a finger out ends with one (its middle may blur past recognition), while
  /// a hand reaching for something closes on it as it arrives. A hand lost on its way, last seen
  /// blurred, was not seen arriving.
  private func arrivesOpen(_ move: Move, _ queue: ActionQueue, handLost: Bool) -> Bool {
    if handLost && move.end == queue.count - 1 { return true }
    var index = move.end
    while index < queue.count && queue.time(index) - queue.time(move.end) <= options.swipeArrivalTime + 1e-9 {
      if queue.fingerOut(index) >= 0.5 { return true }
      index += 1
    }
    return false
  }

  /// Whether the hand turned straight back after the swipe, without stopping: on its first sample
  /// `swipeEndTime` or more after the swipe's end it is already back far enough for a wave's
  /// reversal (`waveHysteresis`), at more than `swipeMaxLeadInSpeed` of the swipe's speed. (A hand
  /// that stops at the end of a swipe and then brings the hand back, to swipe again, has ended.)
  private func turnedBack(_ move: Move, _ queue: ActionQueue, size: Double, speed swipeSpeed: Double) -> Bool {
    var later = move.end + 1
    while later < queue.count && queue.time(later) - queue.time(move.end) < options.swipeEndTime { later += 1 }
    guard later < queue.count else { return false }
    let back = -speed(queue, from: move.end, to: later, along: move.axis, sign: move.sign, size: size)
    return back * (queue.time(later) - queue.time(move.end)) >= options.waveHysteresis
      && back > options.swipeMaxLeadInSpeed * swipeSpeed
  }

  /// The mean speed of covering `distance` hand sizes from sample `first` to `last`, hand sizes
  /// per second.
  private func meanSpeed(_ distance: Double, from first: Int, to last: Int, _ queue: ActionQueue) -> Double {
    distance / Swift.max(queue.time(last) - queue.time(first), 1e-6)
  }

  /// How fast the palm moved to and fro from sample `first` to `last` along `axis`: the path it
  /// walked along the axis, either way, over the time, hand sizes per second (a turn counts).
  private func pathSpeed(_ queue: ActionQueue, from first: Int, to last: Int, along axis: Int, size: Double) -> Double {
    path(queue, from: first, to: last, along: axis) / size / Swift.max(queue.time(last) - queue.time(first), 1e-6)
  }

  /// The path the palm walked along `axis`, either way, from sample `first` to `last` (queue
  /// units).
  private func path(_ queue: ActionQueue, from first: Int, to last: Int, along axis: Int) -> Double {
    var path = 0.0
    for index in Swift.stride(from: first, to: last, by: 1) { path += abs(queue.palm(index + 1)[axis] - queue.palm(index)[axis]) }
    return path
  }

  /// How fast the palm moved from sample `first` to `last` along `axis` in the direction `sign`,
  /// hand sizes per second (negative: the other way).
  private func speed(_ queue: ActionQueue, from first: Int, to last: Int, along axis: Int, sign: Double, size: Double) -> Double {
    (queue.palm(last)[axis] - queue.palm(first)[axis]) * sign / size / Swift.max(queue.time(last) - queue.time(first), 1e-6)
  }

  /// What a wave swings to and fro: the palm from side to side (a wave from the elbow), or the
  /// hand's turn in the picture (a wave from the wrist, or the hand turned about the palm).
  private enum Swing { case sideways, turn }

  private func wave(_ queue: ActionQueue, size: Double, aspectRatio: Double) -> Found? {
    wave(queue, size: size, aspectRatio: aspectRatio, swing: .sideways) ?? wave(queue, size: size, aspectRatio: aspectRatio, swing: .turn)
  }

  private func wave(_ queue: ActionQueue, size: Double, aspectRatio: Double, swing: Swing) -> Found? {
    let o = options
    let n = queue.count
    // Hand sizes sideways, or radians of turn.
    func at(_ index: Int) -> Double { swing == .sideways ? queue.palm(index).x / size : queue.roll(index) }
    let (minStroke, hysteresis) = swing == .sideways ? (o.waveMinStroke, o.waveHysteresis) : (o.waveMinTurn, o.waveTurnHysteresis)
    var direction = 0.0
    var lowest = 0, highest = 0, turn = 0, extreme = 0
    var run = 0, runStart = 0, runAmplitude = 0.0
    for index in 1..<n {
      let x = at(index)
      if direction == 0 {
        if x < at(lowest) { lowest = index }
        if x > at(highest) { highest = index }
        if x - at(lowest) >= hysteresis {
          (direction, turn, extreme) = (1, lowest, index)
        } else if at(highest) - x >= hysteresis {
          (direction, turn, extreme) = (-1, highest, index)
        }
        continue
      }
      if (x - at(extreme)) * direction > 0 {
        extreme = index
        continue
      }
      guard (at(extreme) - x) * direction >= hysteresis else { continue }
      // A reversal at `extreme`: the stroke turn -> extreme is complete.
      let amplitude = abs(at(extreme) - at(turn))
      let duration = queue.time(extreme) - queue.time(turn)
      if amplitude >= minStroke && duration <= o.waveMaxStrokeDuration {
        // The run is judged from the end of its first stroke: where the hand was before it
        // started waving (raised from below, say) is not part of the wave.
        if run == 0 { (runStart, runAmplitude) = (extreme, 0) }
        run += 1
        runAmplitude += amplitude
      } else {
        run = 0
      }
      (turn, extreme, direction) = (extreme, index, -direction)
      let maxRise = swing == .sideways ? runAmplitude / Double(Swift.max(run, 1)) : o.waveTurnMaxRise
      if run >= o.waveReversals, isWave(queue, from: runStart, to: index, size: size, maxRise: maxRise, aspectRatio: aspectRatio) {
        return (GestureName.builtInActions.count - 1, Swift.min(1, 0.5 + 0.1 * Double(run)), runStart)
      }
    }
    return nil
  }

  /// The hand stayed open, stood up and was in view (`swipeMinInside`) over the candidate wave,
  /// its palm rising or falling at most `maxRise` hand sizes (a sideways wave: its mean stroke;
  /// moving more up and down, it is no wave).
  private func isWave(_ queue: ActionQueue, from first: Int, to last: Int, size: Double, maxRise: Double,
                      aspectRatio: Double) -> Bool {
    var open = 0, upright = 0, inView = 0
    var top = Double.infinity, bottom = -Double.infinity
    var leastTurn = Double.infinity, mostTurn = -Double.infinity
    for index in first...last {
      if queue.openness(index) >= 0.5 { open += 1 }
      if abs(remainder(queue.roll(index), 2 * Double.pi)) <= options.waveMaxLean { upright += 1 }
      let palm = queue.palm(index)
      if isInView(palm, size: size, aspectRatio: aspectRatio) { inView += 1 }
      top = Swift.min(top, palm.y)
      bottom = Swift.max(bottom, palm.y)
      leastTurn = Swift.min(leastTurn, queue.roll(index))
      mostTurn = Swift.max(mostTurn, queue.roll(index))
    }
    let lean = abs(remainder((leastTurn + mostTurn) / 2, 2 * Double.pi))
    let samples = Double(last - first + 1)
    return Double(open) >= options.minOpenFraction * samples && (bottom - top) / size <= maxRise
      && lean <= options.waveMaxLean && Double(upright) >= 0.5 * samples && Double(inView) >= 0.5 * samples
  }
}
