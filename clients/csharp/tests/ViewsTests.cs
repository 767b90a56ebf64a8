using System;
using System.Collections.Generic;
using System.Linq;
using Cardrules.Client;
using Cardrules.V1;

namespace Cardrules.Tests
{
    public static class ViewsTests
    {
        private static SamTableState State(string seat0, string seat1)
        {
            var state = new SamTableState();
            foreach (var hand in new[] { seat0, seat1 })
                state.Seats.Add(hand == null ? new SamSeat { CardCount = 3 } : new SamSeat { Hand = CardText.ParseCards(hand) });
            return state;
        }

        private static SamLocServiceStartHandView View(Viewer viewer, SamTableState state)
        {
            return new SamLocServiceStartHandView { Viewer = viewer, Answer = new SamLocServiceStartHandResponse { State = state } };
        }

        // An answer as the server gives it for views [seat 0, seat 1, spectator].
        private static SamLocServiceStartHandResponse Answer()
        {
            var answer = new SamLocServiceStartHandResponse { State = State("3S 4S 5S", "3H 4H 5H") };
            answer.Views.Add(View(Views.Seat(0), State("3S 4S 5S", null)));
            answer.Views.Add(View(Views.Seat(1), State(null, "3H 4H 5H")));
            answer.Views.Add(View(Views.Spectator(), State(null, null)));
            return answer;
        }

        public static void TestEachViewerGetsItsOwnCopy()
        {
            var answer = Answer();
            Assert.Equal(State("3S 4S 5S", null).ToString(), Views.ViewFor(answer, Views.Seat(0)).State.ToString());
            Assert.Equal(State(null, "3H 4H 5H").ToString(), Views.ViewFor(answer, Views.Seat(1)).State.ToString());
            Assert.Equal(State(null, null).ToString(), Views.ViewFor(answer, Views.Spectator()).State.ToString());
            Assert.True(ReferenceEquals(answer.Views[1].Answer, Views.ViewFor(answer, Views.Seat(1))), "the view itself");
        }

        public static void TestAViewerNotAskedForIsAnErrorNeverTheWholeAnswer()
        {
            var answer = Answer();
            var error = Assert.Throws<ArgumentException>(() => Views.ViewFor(answer, Views.Seat(2)));
            Assert.Equal("viewer", error.ParamName);
            Assert.True(error.Message.StartsWith("this SamLocServiceStartHandResponse has no view for seat 2 (3 views)", StringComparison.Ordinal), error.Message);
            Assert.Throws<ArgumentException>(() => Views.ViewFor(answer, Views.Audit()));
            Assert.Throws<ArgumentException>(() => Views.ViewFor(answer, new Viewer()));
            Assert.Throws<ArgumentException>(() => Views.ViewFor(new LiengServiceLegalMovesResponse(), Views.Spectator()));
            Assert.Throws<ArgumentException>(() => Views.ViewFor(new LiengServiceLegalMovesResponse { Views = null }, Views.Spectator()));
        }

        public static void TestEveryAnswerWithViewsIsViewable()
        {
            // Generated: every answer type with views (copies of itself), and only those, implements IViewedAnswer.
            var viewed = typeof(Card).Assembly.GetTypes()
                .Where(t => t.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IViewedAnswer<>)))
                .Select(t => t.Name).OrderBy(n => n, StringComparer.Ordinal).ToList();
            var withViews = typeof(Card).Assembly.GetTypes()
                .Where(t => t.Namespace == "Cardrules.V1" && t.GetProperty("Views") != null &&
                    t.GetProperty("Views").PropertyType.GetGenericArguments()[0].GetProperty("Answer") != null)
                .Select(t => t.Name).OrderBy(n => n, StringComparer.Ordinal).ToList();
            Assert.Equal(string.Join(" ", withViews), string.Join(" ", viewed));
            Assert.True(viewed.Contains("SamLocServiceValidatePlayResponse") && viewed.Contains("StartBettingResponse"), string.Join(" ", viewed));
        }

        public static void TestViewerBuilders()
        {
            Assert.Equal(Viewer.ViewerOneofCase.Seat, Views.Seat(0).ViewerCase); // seat 0 is set, not the default
            Assert.Equal("{\"seat\":0}", Views.Seat(0).ToString());
            Assert.Equal("{\"spectator\":{}}", Views.Spectator().ToString());
            Assert.Equal("{\"audit\":{}}", Views.Audit().ToString());
            Assert.Equal("seat 0|seat 1|seat 2", string.Join("|", Views.EverySeat(3).Select(Views.Describe)));
            Assert.Equal("seat 0|seat 1|spectator", string.Join("|", Views.TableViewers(2).Select(Views.Describe)));
            Assert.Equal("no viewer", Views.Describe(new Viewer()));
            Assert.Equal(0, Views.EverySeat(0).Count);
            Assert.Throws<ArgumentException>(() => Views.EverySeat(-1));
        }
    }
}
