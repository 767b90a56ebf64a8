using System;
using System.Collections.Generic;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>One viewer's copy of an answer (every generated <c>…View</c> message is one).</summary>
    public interface IAnswerView<TAnswer>
    {
        /// <summary>The viewer, as the request gave it.</summary>
        Viewer Viewer { get; }

        /// <summary>The answer as this viewer may see it.</summary>
        TAnswer Answer { get; }
    }

    /// <summary>An answer that carries per-viewer copies of itself in <c>Views</c> (every generated answer with a
    /// <c>views</c> field is one).</summary>
    public interface IViewedAnswer<TAnswer>
    {
        IEnumerable<IAnswerView<TAnswer>> AnswerViews { get; }
    }

    /// <summary>
    /// Per-viewer views (docs/concepts.md, "Views"): a request lists viewers in its <c>Views</c>, its answer carries
    /// one redacted copy of itself per viewer, and <see cref="ViewFor"/> picks the copy to forward to one client.
    /// <code>
    /// request.Views.AddRange(Views.TableViewers(4));
    /// var answer = await client.SamLoc.ValidatePlayAsync(request);
    /// var forSeat2 = Views.ViewFor(answer, Views.Seat(2)); // what seat 2's client gets
    /// </code>
    /// </summary>
    public static class Views
    {
        /// <summary>The player at <paramref name="seat"/> (0-based, play order): its own cards and what a spectator
        /// sees.</summary>
        public static Viewer Seat(int seat)
        {
            return new Viewer { Seat = seat };
        }

        /// <summary>A spectator: public information only.</summary>
        public static Viewer Spectator()
        {
            return new Viewer { Spectator = new Spectator() };
        }

        /// <summary>The audit view: the whole answer, for records and disputes. Never forward it to a player.</summary>
        public static Viewer Audit()
        {
            return new Viewer { Audit = new Audit() };
        }

        /// <summary>Seats 0 to <paramref name="seatCount"/> − 1, in order: a request's views for every player.</summary>
        public static List<Viewer> EverySeat(int seatCount)
        {
            if (seatCount < 0) throw new ArgumentOutOfRangeException("seatCount", seatCount, "must be 0 or more");
            var viewers = new List<Viewer>(seatCount + 1);
            for (var seat = 0; seat < seatCount; seat++) viewers.Add(Seat(seat));
            return viewers;
        }

        /// <summary>Every seat, then a spectator: the views a table with onlookers asks for.</summary>
        public static List<Viewer> TableViewers(int seatCount)
        {
            var viewers = EverySeat(seatCount);
            viewers.Add(Spectator());
            return viewers;
        }

        /// <summary>
        /// The copy of <paramref name="answer"/> made for <paramref name="viewer"/>: the answer of the entry of its
        /// <c>Views</c> whose viewer is the same. Never the unredacted answer itself: an answer without a view for
        /// this viewer (not listed in the request's views) throws <see cref="ArgumentException"/>.
        /// </summary>
        public static TAnswer ViewFor<TAnswer>(TAnswer answer, Viewer viewer) where TAnswer : IViewedAnswer<TAnswer>
        {
            if (answer == null) throw new ArgumentNullException("answer");
            if (viewer == null) throw new ArgumentNullException("viewer");
            var count = 0;
            foreach (var view in answer.AnswerViews)
            {
                count++;
                if (view != null && Same(view.Viewer, viewer)) return view.Answer;
            }
            throw new ArgumentException("this " + typeof(TAnswer).Name + " has no view for " + Describe(viewer) + " (" +
                count + " views): list the viewer in the request's Views", "viewer");
        }

        /// <summary><c>seat 2</c>, <c>spectator</c>, <c>audit</c>, or <c>no viewer</c>.</summary>
        public static string Describe(Viewer viewer)
        {
            if (viewer == null) return "no viewer";
            switch (viewer.ViewerCase)
            {
                case Viewer.ViewerOneofCase.Seat: return "seat " + viewer.Seat.Value;
                case Viewer.ViewerOneofCase.Spectator: return "spectator";
                case Viewer.ViewerOneofCase.Audit: return "audit";
                default: return "no viewer";
            }
        }

        private static bool Same(Viewer a, Viewer b)
        {
            if (a == null || a.ViewerCase != b.ViewerCase || a.ViewerCase == Viewer.ViewerOneofCase.None) return false;
            return a.ViewerCase != Viewer.ViewerOneofCase.Seat || a.Seat.Value == b.Seat.Value;
        }
    }
}
